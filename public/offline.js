// The language the app uses on this device: the stored choice, else the
// browser's, else the page's own (the default). The page lists its languages
// (offline.html is written from the message files, one block per language).
(function () {
  var root = document.documentElement;
  var languages = (root.getAttribute("data-languages") || "").split(" ");
  var stored = null;
  try {
    stored = localStorage.getItem("kindly.language");
  } catch {
    // Storage refused: the browser's language decides.
  }
  var browser = (navigator.language || "").toLowerCase().split("-")[0];
  var lang = languages.indexOf(stored) >= 0 ? stored : languages.indexOf(browser) >= 0 ? browser : root.lang;
  root.lang = lang;
  document.querySelectorAll("[data-lang]").forEach(function (block) {
    block.hidden = block.getAttribute("data-lang") !== lang;
    if (!block.hidden) document.title = block.getAttribute("data-title");
  });
  document.querySelectorAll("[data-retry]").forEach(function (button) {
    button.addEventListener("click", function () {
      location.reload();
    });
  });
  window.addEventListener("online", function () {
    location.reload();
  });
})();
