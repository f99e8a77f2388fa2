// Koober Ops' fleet, live (GET /ops/fleet/events). The page is complete without this script: the map, the table and
// each animal's form come from the server. The script only follows the stream: each "fleet" event names the animals
// whose state or place changed (every animal in the first), and their mark on the map, their row and their form are
// brought up to date. An "end" event (the staff session would end unused) stops it: a reload, which is a use of the
// session, follows again. No inline script, no style attribute: the CSP allows neither.
(function () {
    "use strict";

    if (!window.EventSource || !window.JSON) return;

    var section = document.querySelector("[data-fleet-events]");
    var map = document.getElementById("fleet-map");
    var live = document.getElementById("fleet-live");
    if (!section || !map) return;

    var source = null;
    var failures = 0;
    var MAX_FAILURES = 8;
    var stopped = false;
    var retryTimer = null;

    function say(text) {
        if (live && live.textContent !== text) live.textContent = text;
    }

    function number(element, name) {
        var value = parseFloat(element.getAttribute(name));
        return isFinite(value) ? value : NaN;
    }

    // The server's projection (FleetMap): x = W/2 + (lon − lon₀)·km/°E·px/km, y = H/2 − (lat − lat₀)·km/°N·px/km.
    function place(mark, latitude, longitude) {
        if (!map.viewBox || !map.viewBox.baseVal) return;
        var box = map.viewBox.baseVal;
        var x = box.width / 2 + (longitude - number(map, "data-centre-longitude")) *
            number(map, "data-km-per-degree-east") * number(map, "data-pixels-per-km");
        var y = box.height / 2 - (latitude - number(map, "data-centre-latitude")) *
            number(map, "data-km-per-degree-north") * number(map, "data-pixels-per-km");
        if (!isFinite(x) || !isFinite(y)) return;
        var transform = "translate(" + x.toFixed(1) + " " + y.toFixed(1) + ")";
        if (mark.getAttribute("transform") !== transform) mark.setAttribute("transform", transform);
    }

    function setText(element, text) {
        if (element && element.textContent !== text) element.textContent = text;
    }

    // The row's form follows the state: Return to Service for an animal out of service, else Take Out of Service.
    function updateForm(row, animal) {
        var form = row.querySelector("form");
        var button = form && form.querySelector("button");
        if (!form || !button) return;
        var out = animal.state === "out_of_service";
        var path = "/ops/fleet/" + animal.id + (out ? "/return" : "/out-of-service");
        if (form.getAttribute("action") === path) return;
        form.setAttribute("action", path);
        var words = out ? "Return to Service" : "Take Out of Service";
        button.textContent = words;
        button.setAttribute("aria-label", words + ": " + animal.name);
        button.className = "button " + (out ? "button-dark" : "button-red");
    }

    function update(animal) {
        if (!animal || typeof animal.id !== "number") return;
        var mark = document.getElementById("fleet-mark-" + animal.id);
        if (mark) {
            mark.setAttribute("class", "fleet-mark fleet-" + animal.state);
            place(mark, animal.latitude, animal.longitude);
            var title = mark.querySelector("title");
            setText(title, animal.name + ", " + animal.option + ": " + animal.state_text);
        }
        var row = document.getElementById("fleet-animal-" + animal.id);
        if (row) {
            row.setAttribute("data-state", animal.state);
            setText(row.querySelector(".fleet-state"), animal.state_text);
            setText(row.querySelector(".fleet-place"), animal.place);
            updateForm(row, animal);
        }
    }

    function connect() {
        if (stopped || source) return;
        try {
            source = new EventSource(section.getAttribute("data-fleet-events"));
        } catch (error) {
            source = null;
            return;
        }
        var own = source;
        own.addEventListener("fleet", function (message) {
            if (own !== source) return;
            var event;
            try {
                event = JSON.parse(message.data);
            } catch (error) {
                return;
            }
            failures = 0;
            say("Following the fleet live.");
            (event.animals || []).forEach(update);
        });
        own.addEventListener("end", function () {
            if (own !== source) return;
            stop();
            say("Live updates stopped. Reload the page to follow the fleet again.");
        });
        own.addEventListener("error", function () {
            if (own !== source) return;
            var closed = own.readyState === EventSource.CLOSED;
            closeSource();
            failures += 1;
            if (stopped) return;
            if (closed || failures > MAX_FAILURES) {
                // Turned down (signed out, a limit, not allowed): the page says no more than it did when loaded.
                say("Live updates stopped. Reload the page to follow the fleet again.");
                return;
            }
            retryTimer = window.setTimeout(function () {
                retryTimer = null;
                connect();
            }, Math.min(30000, 1000 * Math.pow(2, failures)));
        });
    }

    function closeSource() {
        if (source) source.close();
        source = null;
    }

    function stop() {
        stopped = true;
        closeSource();
        if (retryTimer) window.clearTimeout(retryTimer);
        retryTimer = null;
    }

    window.addEventListener("pagehide", stop);
    window.addEventListener("pageshow", function (event) {
        if (event.persisted) {
            stopped = false;
            failures = 0;
            connect();
        }
    });
    connect();
})();
