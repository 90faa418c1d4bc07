/// The book's stylesheet and script, one file each under `assets/`.
enum BookAssets {
    /// The single-entry page's style (``EntryPage/style``: paper and ink, light and dark by
    /// `prefers-color-scheme`), widened for months and indexes, with the navigation bar, photo
    /// grids and lists; readable from 360 px to wide screens.
    static let css =
        EntryPage.style + """
            main { max-width: 52rem; }
            a { color: var(--accent); }
            nav.bar { display: flex; flex-wrap: wrap; gap: 0.3rem 1.1rem; justify-content: center;
              padding: 0.7rem 1rem; border-bottom: 1px solid var(--line);
              font: 0.95rem/1.4 system-ui, "DejaVu Sans", sans-serif; }
            nav.bar a { text-decoration: none; }
            footer { max-width: 52rem; margin: 0 auto 2rem; padding-left: 1.25rem; padding-right: 1.25rem; }
            h2 { font-weight: normal; font-size: 1.35rem; margin: 2.2rem 0 0.6rem; }
            .pager { display: flex; justify-content: space-between; gap: 1rem; }
            .day { border-top: 1px solid var(--line); }
            .entry { margin: 1.2rem 0 2rem; }
            .entry .meta a { color: var(--muted); text-decoration: none; }
            .text { overflow-wrap: anywhere; }
            .text p { margin: 0 0 0.8em; }
            .text pre { overflow-x: auto; padding: 0.6rem; border: 1px solid var(--line); border-radius: 6px; }
            .text table { border-collapse: collapse; display: block; overflow-x: auto; }
            .text th, .text td { border: 1px solid var(--line); padding: 0.2rem 0.6rem; }
            .text blockquote { margin: 0 0 1em; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
            .photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: 0.8rem; margin: 1rem 0; }
            .photos figure { margin: 0; }
            .photos img { width: 100%; height: auto; }
            .photos figcaption { overflow-wrap: anywhere; }
            .recording { margin: 1rem 0; }
            .months, .taglist, .lines, .places { list-style: none; padding: 0; margin: 0.5rem 0 1.5rem; }
            .months { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.3rem 1rem; }
            .lines li, .places li, .taglist li { padding: 0.35rem 0; border-bottom: 1px solid var(--line); }
            .lines .excerpt { color: var(--muted); }
            .places img { display: inline-block; vertical-align: middle; max-width: 4rem; margin-right: 0.5rem; }
            .world { width: 100%; height: auto; margin: 1rem 0; }
            .world rect { fill: var(--line); }
            .world path { stroke: var(--muted); stroke-width: 0.3; fill: none; }
            .world circle { fill: var(--accent); }
            form.search { display: flex; gap: 0.5rem; margin: 0 0 1rem; }
            form.search input { flex: 1; min-width: 0; font: inherit; padding: 0.4rem 0.6rem;
              border: 1px solid var(--line); border-radius: 6px; background: var(--paper); color: var(--ink); }
            form.search button { font: inherit; padding: 0.4rem 0.9rem; border-radius: 6px;
              border: 1px solid var(--line); background: var(--line); color: var(--ink); }
            mark { background: var(--accent); color: var(--paper); border-radius: 2px; }
            @media (max-width: 30rem) { body { font-size: 16px; } main { padding: 1.5rem 0.9rem 2rem; }
              h1 { font-size: 1.6rem; } }

            """

    /// The script of the search and on-this-day pages: reads the shards the page loaded, and
    /// builds the results with DOM calls and `textContent` only, so no entry text is ever
    /// parsed as HTML.
    static let javascript = """
        "use strict";
        (function () {
          var rows = [];
          (window.PHOTODIARY_BOOK || []).forEach(function (shard) { for (var i = 0; i < shard.length; i++) { rows.push(shard[i]); } });
          var results = document.getElementById("results");
          if (!results) { return; }
          var params = new URLSearchParams(window.location.search);
          function fold(text) {
            return text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase();
          }
          function item(row, words) {
            var li = document.createElement("li");
            var link = document.createElement("a");
            link.href = row[0];
            link.textContent = row[1] + " " + row[2];
            li.appendChild(link);
            if (row[5]) { var star = document.createElement("span"); star.className = "star"; star.textContent = " ★"; li.appendChild(star); }
            var text = row[3].length > 200 ? row[3].slice(0, 199) + "…" : row[3];
            var excerpt = document.createElement("span");
            excerpt.className = "excerpt";
            excerpt.appendChild(document.createTextNode(" "));
            var folded = fold(text), at = 0;
            var hit = words.length ? folded.indexOf(words[0]) : -1;
            if (hit >= 0 && folded.length === text.length) {
              excerpt.appendChild(document.createTextNode(text.slice(0, hit)));
              var mark = document.createElement("mark");
              mark.textContent = text.slice(hit, hit + words[0].length);
              excerpt.appendChild(mark);
              at = hit + words[0].length;
            }
            excerpt.appendChild(document.createTextNode(text.slice(at)));
            li.appendChild(excerpt);
            if (row[4].length) { var tags = document.createElement("span"); tags.className = "meta"; tags.textContent = "  #" + row[4].join(" #"); li.appendChild(tags); }
            return li;
          }
          function show(found, words) {
            var list = document.createElement("ul");
            list.className = "lines";
            found.forEach(function (row) { list.appendChild(item(row, words)); });
            results.textContent = "";
            results.appendChild(list);
          }
          if (results.getAttribute("data-mode") === "search") {
            var query = (params.get("q") || "").trim();
            var input = document.getElementById("q");
            if (input) { input.value = query; }
            var summary = document.getElementById("summary");
            if (!query) { summary.textContent = rows.length + " entries to search"; return; }
            var words = fold(query).split(/\\s+/).filter(Boolean);
            var found = rows.filter(function (row) {
              var haystack = fold(row[3] + " " + row[4].join(" ") + " " + row[1]);
              return words.every(function (word) { return haystack.indexOf(word) >= 0; });
            }).reverse();
            summary.textContent = found.length + (found.length === 1 ? " entry" : " entries") + " with “" + query + "”";
            show(found, words);
          } else {
            var date = params.get("date");
            if (!date || !/^\\d\\d-\\d\\d$/.test(date)) {
              var now = new Date();
              date = String(now.getMonth() + 1).padStart(2, "0") + "-" + String(now.getDate()).padStart(2, "0");
            }
            var matching = rows.filter(function (row) { return row[1].slice(5) === date; }).reverse();
            document.getElementById("day").textContent = matching.length + (matching.length === 1 ? " entry" : " entries") + " written on " + date + " (month-day) in any year";
            show(matching, []);
          }
        })();

        """
}
