/* Koober: Copy Link for a shared ride. The link is on the page as plain text (a readonly field) whatever happens;
 * with this script the Copy Link button shows (the page's <html> gets the class "js") and copies it: through the
 * clipboard API where the browser allows it, otherwise by selecting the text for the rider to copy. Listens on the
 * document, so the button keeps working after ride.js puts a fresh copy of the page in place.
 *
 * No framework, no inline script (the CSP is script-src 'self'), no style attribute in markup. */
(function () {
    "use strict";

    document.documentElement.classList.add("js");

    function say(button, text) {
        var section = button.closest("section");
        var status = section ? section.querySelector("[data-copy-link-status]") : null;
        if (status) status.textContent = text;
    }

    function selectText(field, button) {
        field.focus();
        field.select();
        var copied = false;
        try {
            copied = document.execCommand && document.execCommand("copy");
        } catch (error) {
            copied = false;
        }
        say(button, copied ? "Link copied" : "Link selected: copy it with your device's Copy");
    }

    document.addEventListener("click", function (event) {
        var button = event.target && event.target.closest ? event.target.closest("[data-copy-link]") : null;
        if (!button) return;
        var field = document.getElementById(button.getAttribute("data-copy-link"));
        if (!field || typeof field.value !== "string") return;
        if (navigator.clipboard && window.isSecureContext && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(field.value).then(function () {
                say(button, "Link copied");
            }, function () {
                selectText(field, button);
            });
        } else {
            selectText(field, button);
        }
    });
})();
