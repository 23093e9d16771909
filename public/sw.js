// dicetray service worker: offline app shell and update-on-request.
//
// The two constants below are filled in at build time by crates/xtask (Trunk's post_build hook): BUILD
// is a hash of every file Trunk produced, so each deploy that changes anything is a new service worker (and a new
// cache); PRECACHE lists those files, relative to this script (the site root, wherever it is mounted).
const BUILD = "dev";
const PRECACHE = [];

// One origin may host several apps (username.github.io/app-a/, /app-b/): caches are named after this scope.
const PREFIX = `dicetray:${new URL("./", self.location).pathname}:`;
const CACHE = PREFIX + BUILD;
const SHELL = new URL("./", self.location).href;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, self.location).href));

self.addEventListener("install", (event) => {
  // Fetch past the HTTP cache: a host's max-age must not put an old index.html into a new version's cache.
  const requests = [...PRECACHED].map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
  // No skipWaiting() here: a new version waits until the player clicks Reload (the SKIP_WAITING message).
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") {
    self.skipWaiting();
  } else if (type === "GET_VERSION" && event.ports[0]) {
    event.ports[0].postMessage({ build: BUILD, cache: CACHE });
  }
});

// Navigations: network first (a fresh index.html when online), the cached shell when the network fails or has not
// answered within NETWORK_TIMEOUT_MS (a dead connection, "lie-fi"); without a cached shell, the network after all.
const NETWORK_TIMEOUT_MS = 3000;
async function navigate(request) {
  const network = fetch(request);
  network.catch(() => {}); // handled below; a late failure after the timeout is not an error
  try {
    const response = await Promise.race([network, new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS))]);
    if (response) return response;
  } catch (offline) {
    // fall through to the cache
  }
  const cache = await caches.open(CACHE);
  const shell = (await cache.match(request, { ignoreSearch: true })) || (await cache.match(SHELL));
  return shell || network;
}

// Precached (content-hashed) files: cache first; anything else: network, then whatever the cache has.
async function asset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached && PRECACHED.has(request.url.split("?")[0])) return cached;
  try {
    return await fetch(request);
  } catch (offline) {
    if (cached) return cached;
    throw offline;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === "navigate" ? navigate(request) : asset(request));
});
