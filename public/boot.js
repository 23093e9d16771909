// Start-up feedback, before the app's WebAssembly has arrived (index.html shows #boot until src/lib.rs removes it).
// If the app cannot start (its script or wasm fails to load, or it fails while starting), say so in #boot instead
// of leaving a blank page; if it has not started after SLOW_MS (a download that stalls rather than fails), say that
// it is still loading. Both offer a Reload button: an app installed on a phone has no browser bar to reload from.
// Once the app has started, #boot is gone and none of this does anything.
(function () {
  "use strict";
  var SLOW_MS = 10000;
  // The placeholder's status line, while the app has not started and no failure is shown.
  function waiting() {
    var boot = document.getElementById("boot");
    var text = boot && boot.querySelector(".boot-text");
    return text && !boot.hasAttribute("data-failed") ? text : null;
  }
  function say(text, state, message) {
    var boot = document.getElementById("boot");
    boot.setAttribute(state, "");
    text.textContent = message;
    if (boot.querySelector(".boot-reload")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "screen-retry boot-reload";
    button.textContent = "Reload";
    button.addEventListener("click", function () { location.reload(); });
    text.parentNode.appendChild(button);
  }
  // Keeps the first reason: it is the most specific (a file that did not load, before the error it causes).
  function fail(reason) {
    var text = waiting();
    if (!text) return;
    say(text, "data-failed",
      "dicetray could not start (" + String(reason).replace(/^Uncaught /, "") + "). " +
      "Check your connection and reload the page.");
  }
  setTimeout(function () {
    var text = waiting();
    if (text) say(text, "data-slow", "Still loading the dice: the connection is slow. This page keeps trying; reload it if nothing changes.");
  }, SLOW_MS);
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
