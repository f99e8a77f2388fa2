/* Koober: the ride, live. Follows GET /ride/events (Server-Sent Events) and keeps the ride's page current
 * (or a shared ride's page: the section names its stream, data-ride-events, and its page, data-ride-page)
 * without reloading it: the headline, the time left and the animal on the map. The page is complete without this
 * script (a reload shows the present status); whatever this script cannot draw by itself (the receipt, the
 * animal's first appearance, the end of Cancel Ride), it takes from the server's own page, fetched again.
 *
 * No framework, no inline script (the CSP is script-src 'self'), no style attribute in markup. */
(function () {
    "use strict";

    var STATUSES = {finding: 0, on_the_way: 1, arrived: 2, riding: 3, finished: 4, cancelled: 4};
    var TERMINAL = {finished: true, cancelled: true};
    var RELOAD_KEY = "koober.ride.reloadedAt";
    var RELOAD_INTERVAL_MS = 60000;
    var FIRST_RETRY_MS = 1000;
    var LAST_RETRY_MS = 30000;
    var MAX_FAILURES = 6;
    var MAX_PAGE_MISMATCHES = 3;

    if (!window.EventSource || !window.fetch || !window.DOMParser) return;

    var source = null;          // the EventSource, while one is open
    var retryTimer = 0;
    var failures = 0;           // consecutive failed connections
    var stopped = false;
    var fetching = null;        // the AbortController of the page being fetched
    var pendingEvent = null;    // the latest event seen while the page was being fetched
    var mismatches = 0;         // fetched pages older than the stream's news, in a row
    var lastMoveAt = 0;         // when the animal last moved, for the glide's duration

    function section() {
        return document.querySelector("[data-ride-status][data-ride-events]");
    }

    function isLive(element) {
        if (!element) return false;
        var status = element.getAttribute("data-ride-status");
        return Object.prototype.hasOwnProperty.call(STATUSES, status) && !TERMINAL[status];
    }

    // Falling back to the server's page: a reload, at most once a minute, so a broken stream never loops.
    function reloadOnce() {
        stop();
        var now = Date.now();
        try {
            var last = Number(window.sessionStorage.getItem(RELOAD_KEY));
            if (isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_INTERVAL_MS) return;
            window.sessionStorage.setItem(RELOAD_KEY, String(now));
        } catch (error) {
            return; // no storage to remember the reload in: leave the page as it is rather than risk a loop
        }
        window.location.reload();
    }

    // What an event must be; anything else is null.
    function parseEvent(text) {
        var data;
        try {
            data = JSON.parse(text);
        } catch (error) {
            return null;
        }
        if (!data || typeof data !== "object" || Array.isArray(data)) return null;
        if (typeof data.status !== "string" || !Object.prototype.hasOwnProperty.call(STATUSES, data.status)) return null;
        if (typeof data.headline !== "string" || data.headline.length === 0 || data.headline.length > 500) return null;
        var eta = data.eta;
        if (eta !== null && eta !== undefined && (typeof eta !== "string" || eta.length > 200)) return null;
        var position = data.position;
        if (position !== null && position !== undefined) {
            if (typeof position !== "object") return null;
            var latitude = position.latitude, longitude = position.longitude;
            if (typeof latitude !== "number" || !isFinite(latitude) || Math.abs(latitude) > 90) return null;
            if (typeof longitude !== "number" || !isFinite(longitude) || Math.abs(longitude) > 180) return null;
        }
        return {
            status: data.status,
            headline: data.headline,
            eta: typeof eta === "string" && eta.length > 0 ? eta : null,
            position: position ? {latitude: position.latitude, longitude: position.longitude} : null
        };
    }

    // Only what changed is touched: a live region announces every change, even to the same words.
    function setText(element, text) {
        if (element && element.textContent !== text) element.textContent = text;
    }

    function showStatus(event) {
        var headline = document.getElementById("ride-headline");
        var eta = document.getElementById("ride-eta");
        setText(headline, event.headline);
        if (eta) {
            // "Arrives in 4 min" / "Arriving in 6 min", as the server says it in the page's language.
            var text = event.eta;
            if (text === null) {
                if (!eta.hidden) eta.hidden = true;
            } else {
                setText(eta, text);
                if (eta.hidden) eta.hidden = false;
            }
        }
    }

    function number(element, name) {
        var value = parseFloat(element.getAttribute(name));
        return isFinite(value) ? value : NaN;
    }

    // The server's projection: x = W/2 + (lon − lon₀)·km/°E·px/km, y = H/2 − (lat − lat₀)·km/°N·px/km.
    function moveAnimal(position) {
        var animal = document.getElementById("map-animal");
        if (!animal || !position) return;
        var map = animal.ownerSVGElement;
        if (!map || !map.viewBox || !map.viewBox.baseVal) return;
        var box = map.viewBox.baseVal;
        var centreLatitude = number(map, "data-centre-latitude");
        var centreLongitude = number(map, "data-centre-longitude");
        var kmNorth = number(map, "data-km-per-degree-north");
        var kmEast = number(map, "data-km-per-degree-east");
        var pixelsPerKm = number(map, "data-pixels-per-km");
        var x = box.width / 2 + (position.longitude - centreLongitude) * kmEast * pixelsPerKm;
        var y = box.height / 2 - (position.latitude - centreLatitude) * kmNorth * pixelsPerKm;
        if (!isFinite(x) || !isFinite(y) || box.width <= 0 || box.height <= 0) return;
        var transform = "translate(" + x.toFixed(1) + " " + y.toFixed(1) + ")";
        if (animal.getAttribute("transform") === transform) return;
        // The glide lasts as long as the gap between moves (events come every 2 s or less), so the animal hops on
        // steadily instead of dashing and waiting. CSSOM, not a style attribute: the CSP allows it.
        var now = Date.now();
        if (lastMoveAt > 0) {
            var seconds = Math.min(2.5, Math.max(0.3, (now - lastMoveAt) / 1000));
            animal.style.transitionDuration = seconds.toFixed(2) + "s";
        }
        lastMoveAt = now;
        animal.setAttribute("transform", transform);
    }

    // Can the page go from `from` to `to` with text and the marker alone? Only between on_the_way and arrived: the
    // animal is already drawn and Cancel Ride stays. Every other change takes the server's page.
    function drawsItself(from, to) {
        var simple = {on_the_way: true, arrived: true};
        return simple[from] && simple[to] && document.getElementById("map-animal") !== null;
    }

    function handleEvent(event) {
        var current = section();
        if (!current) {
            stop();
            return;
        }
        if (fetching) {
            pendingEvent = event;
            if (TERMINAL[event.status]) closeSource();
            return;
        }
        var status = current.getAttribute("data-ride-status");
        if (status === event.status) {
            mismatches = 0;
            showStatus(event);
            moveAnimal(event.position);
        } else if (STATUSES[event.status] < STATUSES[status]) {
            return; // older news than the page already shows
        } else if (drawsItself(status, event.status)) {
            mismatches = 0;
            current.setAttribute("data-ride-status", event.status);
            showStatus(event);
            moveAnimal(event.position);
        } else {
            // The status and its words first, so they are announced at once; the rest of the page (the receipt, the
            // animal's first appearance, Cancel Ride going) follows from the server.
            current.setAttribute("data-ride-status", event.status);
            showStatus(event);
            moveAnimal(event.position);
            refreshPage(event);
        }
        if (TERMINAL[event.status]) closeSource();
    }

    // The server's page for /ride, put in place of this one's <main>: the page is then exactly what a reload would
    // show, without the reload. The live region stays the same element, so screen readers keep following it.
    function refreshPage(event) {
        if (fetching) return;
        var controller = window.AbortController ? new AbortController() : null;
        fetching = controller || {abort: function () {}};
        pendingEvent = null;
        var current = section();
        var page = (current && current.getAttribute("data-ride-page")) || "/ride";
        window.fetch(page, {
            credentials: "same-origin",
            cache: "no-store",
            headers: {Accept: "text/html"},
            signal: controller ? controller.signal : undefined
        }).then(function (response) {
            var type = response.headers.get("Content-Type") || "";
            if (!response.ok || response.redirected || type.indexOf("text/html") !== 0) throw new Error("page");
            return response.text();
        }).then(function (html) {
            if (stopped) return;
            fetching = null;
            var page = new DOMParser().parseFromString(html, "text/html");
            if (!swapMain(page)) throw new Error("page");
            afterSwap(event);
        }).catch(function (error) {
            fetching = null;
            if (stopped || (error && error.name === "AbortError")) return;
            reloadOnce();
        });
    }

    function afterSwap(event) {
        var current = section();
        var status = current ? current.getAttribute("data-ride-status") : null;
        var latest = pendingEvent || event;
        pendingEvent = null;
        if (!current || !isLive(current)) {
            stop();
            return;
        }
        if (latest && STATUSES[status] < STATUSES[latest.status]) {
            // The page is behind the stream (it should not be: both follow one clock). Ask again shortly, a few times.
            mismatches += 1;
            if (mismatches > MAX_PAGE_MISMATCHES) {
                reloadOnce();
                return;
            }
            window.setTimeout(function () {
                if (!stopped) handleEvent(latest);
            }, 1000);
            return;
        }
        mismatches = 0;
        if (latest && latest.status === status) {
            showStatus(latest);
            moveAnimal(latest.position);
        }
        if (!source && !retryTimer) {
            if (failures > 0) scheduleReconnect();
            else connect();
        }
    }

    function swapMain(page) {
        var main = document.querySelector("main");
        var fresh = page.querySelector("main");
        if (!main || !fresh) return false;
        var focused = document.activeElement;
        var focusedInMain = focused && focused !== main && main.contains(focused);
        var focusKey = focusedInMain ? describe(focused) : null;
        var oldLive = main.querySelector(".ride-status");

        var nodes = [];
        for (var i = 0; i < fresh.childNodes.length; i += 1) nodes.push(document.importNode(fresh.childNodes[i], true));
        main.replaceChildren.apply(main, nodes);

        var newLive = main.querySelector(".ride-status");
        if (oldLive && newLive && oldLive.getAttribute("aria-live") === newLive.getAttribute("aria-live")) {
            keepLiveRegion(oldLive, newLive);
        }
        if (page.title) document.title = page.title;
        if (page.body && page.body.className) document.body.className = page.body.className;
        if (focusKey) refocus(main, focusKey);
        return true;
    }

    // Puts the old live region back where the new one is, bringing its words up to date.
    function keepLiveRegion(oldLive, newLive) {
        var oldIDs = [], newIDs = [];
        var i;
        for (i = 0; i < oldLive.children.length; i += 1) oldIDs.push(oldLive.children[i].id);
        for (i = 0; i < newLive.children.length; i += 1) newIDs.push(newLive.children[i].id);
        newLive.parentNode.replaceChild(oldLive, newLive);
        if (oldIDs.join(" ") !== newIDs.join(" ") || oldIDs.indexOf("") !== -1) {
            oldLive.replaceChildren.apply(oldLive, Array.prototype.slice.call(newLive.childNodes));
            return;
        }
        for (i = 0; i < newLive.children.length; i += 1) {
            var was = oldLive.children[i], now = newLive.children[i];
            setText(was, now.textContent);
            if (was.hidden !== now.hidden) was.hidden = now.hidden;
            if (was.className !== now.className) was.className = now.className;
        }
    }

    // Keyboard focus survives the swap when the same control is still there (by id, or by its form and words).
    function describe(element) {
        var form = element.form || (element.closest && element.closest("form"));
        return {
            id: element.id || null,
            action: form ? form.getAttribute("action") : null,
            text: (element.textContent || "").trim()
        };
    }

    function refocus(main, key) {
        var target = null;
        if (key.id) target = document.getElementById(key.id);
        if (!target && key.action) {
            var forms = main.querySelectorAll("form");
            for (var i = 0; i < forms.length && !target; i += 1) {
                if (forms[i].getAttribute("action") !== key.action) continue;
                var controls = forms[i].querySelectorAll("button, input:not([type=hidden]), a[href]");
                for (var j = 0; j < controls.length; j += 1) {
                    if ((controls[j].textContent || "").trim() === key.text) target = controls[j];
                }
            }
        }
        if (target && main.contains(target) && typeof target.focus === "function") target.focus({preventScroll: true});
    }

    function connect() {
        if (stopped || source) return;
        var current = section();
        if (!isLive(current)) return;
        var url = current.getAttribute("data-ride-events");
        try {
            source = new EventSource(url);
        } catch (error) {
            source = null;
            return;
        }
        var own = source;
        own.addEventListener("ride", function (message) {
            if (own !== source) return;
            var event = parseEvent(message.data);
            if (!event) {
                reloadOnce();
                return;
            }
            failures = 0;
            handleEvent(event);
        });
        own.addEventListener("error", function () {
            if (own !== source) return;
            var closed = own.readyState === EventSource.CLOSED;
            closeSource();
            failures += 1;
            if (stopped || failures > MAX_FAILURES) return; // give up: the server's page stays as it is
            if (closed) {
                // The server turned the stream down (204: no ride any more, or a limit): its page says which. If the
                // ride still goes on there, the next try waits its turn (afterSwap).
                refreshPage(null);
            } else {
                // The stream broke or ended: try again later, ourselves, backing off.
                scheduleReconnect();
            }
        });
    }

    function scheduleReconnect() {
        if (stopped || retryTimer) return;
        var delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * Math.pow(2, Math.max(0, failures - 1)));
        delay = delay / 2 + Math.random() * delay / 2; // jitter: many riders never come back all at once
        retryTimer = window.setTimeout(function () {
            retryTimer = 0;
            connect();
        }, delay);
    }

    function closeSource() {
        if (source) {
            source.close();
            source = null;
        }
    }

    function stop() {
        stopped = true;
        closeSource();
        if (retryTimer) {
            window.clearTimeout(retryTimer);
            retryTimer = 0;
        }
        if (fetching) {
            var controller = fetching;
            fetching = null;
            controller.abort();
        }
    }

    function start() {
        stopped = false;
        failures = 0;
        mismatches = 0;
        lastMoveAt = 0;
        connect();
    }

    window.addEventListener("pagehide", stop);
    // Back from the back-forward cache: the page may be old, and the stream's first event brings it up to date.
    window.addEventListener("pageshow", function (event) {
        if (event.persisted) start();
    });

    start();
})();
