window.dicetrayPainted = new Promise(function (started) {
  var done = false;
  function start() {
    if (done) return;
    done = true;
    var link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.type = "application/wasm";
    link.crossOrigin = "anonymous";
    link.href = "__WASM_URL__";
    document.head.appendChild(link);
    started();
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState === "hidden" || types.indexOf("paint") < 0) return start();
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); start(); }
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 1000);
});
