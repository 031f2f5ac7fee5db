// The language the app uses on this device: the stored choice, else the browser's.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem("kindly.language");
  } catch {
    // Storage refused: the browser's language decides.
  }
  var lang = stored === "fr" || stored === "en" ? stored : (navigator.language || "").toLowerCase().indexOf("fr") === 0 ? "fr" : "en";
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-lang]").forEach(function (block) {
    block.hidden = block.getAttribute("data-lang") !== lang;
  });
  document.title = lang === "fr" ? "Kindly : hors ligne" : "Kindly: offline";
  document.querySelectorAll("[data-retry]").forEach(function (button) {
    button.addEventListener("click", function () {
      location.reload();
    });
  });
  window.addEventListener("online", function () {
    location.reload();
  });
})();
