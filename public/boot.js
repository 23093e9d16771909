// Start-up feedback, before the app's WebAssembly has arrived (index.html shows #boot until src/lib.rs removes it).
// If the app cannot start (its script or wasm fails to load, or it fails while starting), say so in #boot instead
// of leaving a blank page. Once the app has started, #boot is gone and these listeners do nothing.
(function () {
  "use strict";
  // Keeps the first reason: it is the most specific (a file that did not load, before the error it causes).
  function fail(reason) {
    var boot = document.getElementById("boot");
    var text = boot && boot.querySelector(".boot-text");
    if (!text || boot.hasAttribute("data-failed")) return;
    boot.setAttribute("data-failed", "");
    text.textContent =
      "dicetray could not start (" + String(reason).replace(/^Uncaught /, "") + "). " +
      "Check your connection and reload the page.";
  }
  // A script or stylesheet that failed to load (error events on elements do not bubble, so listen while capturing).
  window.addEventListener(
    "error",
    function (event) {
      var el = event.target;
      if (el && el.tagName) {
        var url = el.src || el.href || "";
        fail("could not load " + (url ? url.split("/").pop() : "the app's script"));
      } else {
        fail(event.message || "an error while starting");
      }
    },
    true
  );
  window.addEventListener("unhandledrejection", function (event) {
    var r = event.reason;
    fail(r && r.message ? r.message : String(r));
  });
})();
