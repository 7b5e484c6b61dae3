#!/usr/bin/env python3
"""Layout conformance fixtures for RiveLayout, measured by a real browser engine.

Builds layout cases (hand-written families per feature and seeded random trees), renders every
case as HTML/CSS in headless Chromium with CSS that reproduces Yoga's defaults, reads every
node's border box back with getBoundingClientRect, and writes
Tests/RiveLayoutTests/Conformance/<group>.json in the layout tree format described in
scripts/layout-conformance/README.md (which also lists every place where Yoga deliberately
differs from CSS and how the generator keeps those configurations out).

Usage:
  scripts/layout-conformance/generate.py                      regenerate every group
  scripts/layout-conformance/generate.py --group flex-wrap    regenerate some groups
  scripts/layout-conformance/generate.py --seed 7 --count 50  the random group with another seed
  scripts/layout-conformance/generate.py --verify             re-render the committed files and
                                                              say whether Chromium still agrees
  scripts/layout-conformance/generate.py --list               the groups and their case counts
  scripts/layout-conformance/generate.py --compare-driver CMD run the committed cases through a
        layout driver that reads the same format as JSON lines (for example a Yoga build kept
        outside the project) and report where it disagrees with the browser

Python 3 standard library only. Needs Chromium (Debian: apt-get install -y chromium).
"""

import argparse
import base64
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "Tests", "RiveLayoutTests", "Conformance")

# Every length is rendered this many times larger and the measured boxes are divided by it
# again. Layout without text is linear in its lengths, so this only removes Chromium's
# 1/64 px layout unit from the results (1/2048 pt instead of 1/64 pt). Coordinates stay below
# 2^17 px, where getBoundingClientRect's single-precision floats still hold 1/64 px exactly.
SCALE = 32
MAX_EXTENT_PX = 131072

DEFAULT_SEED = 20250101
DEFAULT_COUNT = 300
# Cases per browser page. One page per group keeps a full run to a handful of launches.
PAGE_SIZE = 400
# Numbers in the files are rounded to this many decimals (the browser's own resolution
# after scaling back is 1/2048).
DECIMALS = 4


class GeneratorError(Exception):
    """A failure the user can act on (Chromium missing, a page that produced no result)."""


# ---------------------------------------------------------------------------------------------
# Case model: plain dicts in the committed JSON format.


def node(style=None, children=(), measure=None):
    return {"style": dict(style or {}), "children": list(children), "measure": measure}


def leaf(**style):
    return node(style)


def case(name, root, width=None, height=None, direction="ltr"):
    return {"name": name, "width": width, "height": height, "direction": direction, "root": root}


def walk_nodes(n):
    yield n
    for c in n["children"]:
        yield from walk_nodes(c)


# ---------------------------------------------------------------------------------------------
# Style to CSS. The browser must compute what Yoga computes, so every node starts from Yoga's
# defaults instead of the web's (see README.md, "Defaults").

BASE_CSS = """
html, body { margin: 0; padding: 0; }
body { font: 0px/0 monospace; }
.owner { position: absolute; left: 0; top: 0; display: block; box-sizing: border-box;
  margin: 0; padding: 0; border: 0; }
.n { box-sizing: border-box; position: relative; display: flex; flex-direction: column;
  flex-wrap: nowrap; justify-content: flex-start; align-items: stretch;
  align-content: flex-start; justify-items: stretch; flex-grow: 0; flex-shrink: 0;
  flex-basis: auto; min-width: 0; min-height: 0; margin: 0; padding: 0;
  border: 0 solid transparent; overflow: visible; scrollbar-width: none; }
.g > .n { min-width: auto; min-height: auto; }
.root { position: absolute; left: 0; top: 0; }
.m { flex: none; display: block; margin: 0; padding: 0; border: 0; }
"""

EDGE_CSS = {"left": "left", "top": "top", "right": "right", "bottom": "bottom"}


def fmt_num(x):
    """A number as CSS text: integral values without a fraction, others with up to 6 decimals."""
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        raise GeneratorError(f"not a finite number: {x!r}")
    r = round(float(x), 6)
    if r == int(r):
        return str(int(r))
    return ("%.6f" % r).rstrip("0").rstrip(".")


def is_percent(v):
    return isinstance(v, str) and v.endswith("%")


def css_length(v, scale):
    """VALUE to CSS; None for "undefined" (the property is left at its default)."""
    if v is None or v == "undefined":
        return None
    if v == "auto":
        return "auto"
    if is_percent(v):
        return fmt_num(float(v[:-1])) + "%"
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return fmt_num(v * scale) + "px"
    raise GeneratorError(f"bad VALUE {v!r}")


def css_track(t, scale):
    if not isinstance(t, str):
        raise GeneratorError(f"bad TRACK {t!r}")
    t = t.strip()
    m = re.fullmatch(r"minmax\((.+),(.+)\)", t)
    if m:
        return "minmax(%s, %s)" % (css_track(m.group(1), scale), css_track(m.group(2), scale))
    if t == "auto":
        return "auto"
    if t.endswith("fr"):
        return fmt_num(float(t[:-2])) + "fr"
    if t.endswith("%"):
        return fmt_num(float(t[:-1])) + "%"
    return fmt_num(float(t) * scale) + "px"


def css_line(v):
    if v == "auto":
        return "auto"
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    if isinstance(v, str) and re.fullmatch(r"span [0-9]+", v):
        return v
    raise GeneratorError(f"bad LINE {v!r}")


def physical_edges(edges, direction):
    """Yoga's per-edge resolution of an edge object onto left/top/right/bottom.

    A specific edge beats vertical/horizontal, which beat all; start/end name the left or
    right edge by the node's resolved direction and beat left/right. Only configurations where
    the browser's logical edges agree with this are generated (README.md, "start and end")."""
    out = {}
    start, end = ("left", "right") if direction != "rtl" else ("right", "left")
    for side in ("left", "top", "right", "bottom"):
        v = None
        if side == start and "start" in edges:
            v = edges["start"]
        elif side == end and "end" in edges:
            v = edges["end"]
        elif side in edges:
            v = edges[side]
        elif side in ("top", "bottom") and "vertical" in edges:
            v = edges["vertical"]
        elif side in ("left", "right") and "horizontal" in edges:
            v = edges["horizontal"]
        elif "all" in edges:
            v = edges["all"]
        if v is not None and v != "undefined":
            out[side] = v
    return out


JUSTIFY_CSS = {
    "flex-start": "flex-start", "center": "center", "flex-end": "flex-end",
    "space-between": "space-between", "space-around": "space-around",
    "space-evenly": "space-evenly", "start": "start", "end": "end", "stretch": "stretch",
    "auto": "auto",
}
ALIGN_CSS = {
    "auto": "auto", "flex-start": "flex-start", "center": "center", "flex-end": "flex-end",
    "stretch": "stretch", "baseline": "baseline", "space-between": "space-between",
    "space-around": "space-around", "space-evenly": "space-evenly", "start": "start",
    "end": "end",
}


def node_css(n, direction, owner_w, owner_h, is_root, scale):
    """The inline CSS declarations of one node. `direction` is the node's resolved direction."""
    s = n["style"]
    decl = []

    def add(prop, value):
        if value is not None:
            decl.append(f"{prop}:{value}")

    display = s.get("display", "flex")
    if display == "none":
        add("display", "none")
    elif display == "grid":
        add("display", "grid")
    if "direction" in s and s["direction"] != "inherit":
        add("direction", s["direction"])
    if "flexDirection" in s:
        add("flex-direction", s["flexDirection"])
    if "flexWrap" in s:
        add("flex-wrap", s["flexWrap"])
    if "justifyContent" in s:
        add("justify-content", JUSTIFY_CSS[s["justifyContent"]])
    if "alignItems" in s:
        add("align-items", ALIGN_CSS[s["alignItems"]])
    if "alignSelf" in s:
        add("align-self", ALIGN_CSS[s["alignSelf"]])
    if "alignContent" in s:
        add("align-content", ALIGN_CSS[s["alignContent"]])
    if "justifyItems" in s:
        add("justify-items", JUSTIFY_CSS[s["justifyItems"]])
    if "justifySelf" in s:
        add("justify-self", JUSTIFY_CSS[s["justifySelf"]])
    if "overflow" in s and s["overflow"] != "visible":
        add("overflow", s["overflow"])
    if "flexGrow" in s:
        add("flex-grow", fmt_num(s["flexGrow"]))
    if "flexShrink" in s:
        add("flex-shrink", fmt_num(s["flexShrink"]))
    if "flexBasis" in s:
        add("flex-basis", css_length(s["flexBasis"], scale))
    if "aspectRatio" in s:
        add("aspect-ratio", fmt_num(s["aspectRatio"]))
    pt = s.get("positionType", "relative")
    if not is_root and pt in ("absolute", "static"):
        add("position", pt)

    for key, prop in (("minWidth", "min-width"), ("minHeight", "min-height"),
                      ("maxWidth", "max-width"), ("maxHeight", "max-height")):
        if key in s:
            add(prop, css_length(s[key], scale))

    if is_root:
        decl.extend(root_size_css(s, owner_w, owner_h, scale))
    else:
        if "width" in s:
            add("width", css_length(s["width"], scale))
        if "height" in s:
            add("height", css_length(s["height"], scale))

    for key in ("margin", "padding"):
        for side, v in physical_edges(s.get(key, {}), direction).items():
            add(f"{key}-{side}", css_length(v, scale))
    for side, v in physical_edges(s.get("border", {}), direction).items():
        add(f"border-{side}-width", css_length(v, scale))
    if not is_root:
        for side, v in physical_edges(s.get("position", {}), direction).items():
            add(EDGE_CSS[side], css_length(v, scale))

    gap = s.get("gap", {})
    col = gap.get("column", gap.get("all"))
    row = gap.get("row", gap.get("all"))
    if col is not None:
        add("column-gap", css_length(col, scale))
    if row is not None:
        add("row-gap", css_length(row, scale))

    for key, prop in (("gridTemplateColumns", "grid-template-columns"),
                      ("gridTemplateRows", "grid-template-rows"),
                      ("gridAutoColumns", "grid-auto-columns"),
                      ("gridAutoRows", "grid-auto-rows")):
        if key in s and s[key]:
            add(prop, " ".join(css_track(t, scale) for t in s[key]))
    for key, prop in (("gridColumnStart", "grid-column-start"),
                      ("gridColumnEnd", "grid-column-end"),
                      ("gridRowStart", "grid-row-start"), ("gridRowEnd", "grid-row-end")):
        if key in s:
            add(prop, css_line(s[key]))
    return decl


def root_size_css(s, owner_w, owner_h, scale):
    """The root's width and height as YGNodeCalculateLayout sizes it (README.md, "The root").

    A style size wins; otherwise a max size makes it fit its content up to that maximum;
    otherwise a defined available size is taken exactly; otherwise it fits its content."""
    out = []
    for key, max_key, avail, prop in (("width", "maxWidth", owner_w, "width"),
                                      ("height", "maxHeight", owner_h, "height")):
        v = s.get(key, "auto")
        max_v = s.get(max_key, "undefined")
        fit = "max-content" if prop == "width" else "auto"
        if v not in ("auto", "undefined") and (not is_percent(v) or avail is not None):
            out.append(f"{prop}:{css_length(v, scale)}")
        elif max_v != "undefined" and (not is_percent(max_v) or avail is not None):
            out.append(f"{prop}:{fit}")
        elif avail is not None:
            out.append(f"{prop}:{fmt_num(avail * scale)}px")
        else:
            out.append(f"{prop}:{fit}")
    return out


def resolved_direction(style, parent_direction):
    d = style.get("direction", "inherit")
    return parent_direction if d == "inherit" else d


def case_html(c, index, scale):
    owner_dir = c["direction"] if c["direction"] in ("ltr", "rtl") else "ltr"
    w, h = c["width"], c["height"]
    owner = [f"direction:{owner_dir}"]
    owner.append(f"width:{fmt_num(w * scale)}px" if w is not None else "width:max-content")
    if h is not None:
        owner.append(f"height:{fmt_num(h * scale)}px")
    parts = [f'<div class="owner" id="c{index}" style="{";".join(owner)}">']

    def emit(n, parent_display, parent_dir, is_root):
        d = resolved_direction(n["style"], parent_dir)
        classes = ["n"]
        if is_root:
            classes.append("root")
        if n["style"].get("display") == "grid":
            classes.append("g")
        css = ";".join(node_css(n, d, w, h, is_root, scale))
        parts.append(f'<div class="{" ".join(classes)}" style="{css}">')
        m = n.get("measure")
        if m is not None:
            if n["children"]:
                raise GeneratorError("a measured node has children")
            # The measured content: a block of the measure function's natural size. It
            # equals the function whenever the space offered is not smaller ("Measure").
            parts.append('<div class="m" style="width:%spx;height:%spx"></div>'
                         % (fmt_num(m["width"] * scale), fmt_num(m["height"] * scale)))
        for child in n["children"]:
            emit(child, n["style"].get("display", "flex"), d, False)
        parts.append("</div>")

    emit(c["root"], "flex", owner_dir, True)
    parts.append("</div>")
    return "".join(parts)


MEASURE_JS = r"""
(function () {
  const S = %SCALE%;
  const out = [];
  const limit = %LIMIT%;
  let extent = 0;
  function walk(el, parentRect, hidden) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    const gone = hidden || cs.display === 'none';
    extent = Math.max(extent, Math.abs(r.left), Math.abs(r.top),
                      Math.abs(r.right), Math.abs(r.bottom));
    const box = gone ? [0, 0, 0, 0]
      : [(r.left - parentRect.left) / S, (r.top - parentRect.top) / S, r.width / S, r.height / S];
    const kids = [];
    for (const c of el.children) {
      if (c.classList.contains('n')) kids.push(walk(c, r, gone));
    }
    return [box, kids];
  }
  const owners = document.querySelectorAll('body > .owner');
  for (const o of owners) {
    out.push(walk(o.firstElementChild, o.getBoundingClientRect(), false));
  }
  const text = JSON.stringify({extent: extent, limit: limit, boxes: out});
  document.getElementById('out').textContent = btoa(text);
})();
"""


def page_html(cases, scale):
    body = "".join(case_html(c, i, scale) for i, c in enumerate(cases))
    script = MEASURE_JS.replace("%SCALE%", str(scale)).replace("%LIMIT%", str(MAX_EXTENT_PX))
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>" + BASE_CSS +
            "</style></head><body>" + body + "<pre id=\"out\"></pre><script>" + script +
            "</script></body></html>")


# ---------------------------------------------------------------------------------------------
# Chromium.

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium(explicit):
    if explicit:
        if shutil.which(explicit) or os.path.isfile(explicit):
            return explicit
        raise GeneratorError(f"Chromium not found at {explicit}")
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    raise GeneratorError(
        "Chromium is not installed (looked for %s on PATH).\n"
        "Install it with:  apt-get install -y chromium   (Debian), then run this again."
        % ", ".join(CHROMIUM_NAMES))


def chromium_version(binary):
    try:
        text = subprocess.run([binary, "--version"], capture_output=True, text=True,
                              timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        raise GeneratorError(f"could not run {binary} --version: {e}")
    m = re.search(r"(Chromium|Chrome)\D*([0-9]+(?:\.[0-9]+)+)", text)
    if not m:
        raise GeneratorError(f"unexpected output of {binary} --version: {text.strip()!r}")
    return f"{m.group(1)} {m.group(2)}"


def run_page(binary, html_text, tmpdir):
    path = os.path.join(tmpdir, "page.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(html_text)
    profile = os.path.join(tmpdir, "profile")
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-extensions", "--force-device-scale-factor=1", "--hide-scrollbars",
           "--window-size=1024,768", f"--user-data-dir={profile}", "--dump-dom",
           "file://" + path]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        raise GeneratorError("Chromium did not finish a page within 300 s")
    m = re.search(r'<pre id="out">([A-Za-z0-9+/=]*)</pre>', proc.stdout)
    if not m or not m.group(1):
        tail = proc.stderr.strip().splitlines()[-5:]
        raise GeneratorError("Chromium produced no measurements (exit %d). Its last words:\n  %s"
                             % (proc.returncode, "\n  ".join(tail)))
    data = json.loads(base64.b64decode(m.group(1)).decode("utf-8"))
    if data["extent"] > MAX_EXTENT_PX:
        raise GeneratorError("a case reaches %.0f px at scale %d; keep cases under %.0f pt"
                             % (data["extent"], SCALE, MAX_EXTENT_PX / SCALE))
    return data["boxes"]


def to_box(raw):
    (l, t, w, h), kids = raw
    return {"left": clean(l), "top": clean(t), "width": clean(w), "height": clean(h),
            "children": [to_box(k) for k in kids]}


def clean(x):
    r = round(x, DECIMALS)
    if r == 0:
        return 0
    return int(r) if r == int(r) else r


def render(binary, cases, scale=SCALE, progress=None):
    """Expected boxes for every case, in order."""
    boxes = []
    with tempfile.TemporaryDirectory(prefix="layout-conformance-") as tmp:
        for start in range(0, len(cases), PAGE_SIZE):
            chunk = cases[start:start + PAGE_SIZE]
            raw = run_page(binary, page_html(chunk, scale), tmp)
            if len(raw) != len(chunk):
                raise GeneratorError("Chromium measured %d of %d cases" % (len(raw), len(chunk)))
            boxes.extend(to_box(r) for r in raw)
            if progress:
                progress(len(boxes), len(cases))
    return boxes


# ---------------------------------------------------------------------------------------------
# Files.


def stable_json(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=True)


def write_group(path, generator, cases):
    lines = ["{\"generator\":" + stable_json(generator) + ",", "\"cases\":["]
    for i, c in enumerate(cases):
        ordered = {k: c[k] for k in ("name", "width", "height", "direction", "root", "expected")}
        lines.append(stable_json(ordered) + ("," if i + 1 < len(cases) else ""))
    lines.append("]}")
    text = "\n".join(lines) + "\n"
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return len(text.encode("utf-8"))


def read_group(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise GeneratorError(f"{path}: not a conformance file (no \"cases\" list)")
    return data


def compare_boxes(expected, actual, tolerance, path="root"):
    """The first few differences between two BOX trees, as (path, field, expected, actual)."""
    diffs = []
    for key in ("left", "top", "width", "height"):
        e, a = expected.get(key), actual.get(key)
        if not isinstance(e, (int, float)) or not isinstance(a, (int, float)) or \
                not abs(e - a) <= tolerance:
            diffs.append((path, key, e, a))
    ek, ak = expected.get("children", []), actual.get("children", [])
    if len(ek) != len(ak):
        diffs.append((path, "children", len(ek), len(ak)))
        return diffs
    for i, (e, a) in enumerate(zip(ek, ak)):
        diffs.extend(compare_boxes(e, a, tolerance, f"{path}.{i}"))
    return diffs


def max_deviation(expected, actual):
    m = 0.0
    for key in ("left", "top", "width", "height"):
        m = max(m, abs(expected[key] - actual[key]))
    for e, a in zip(expected["children"], actual["children"]):
        m = max(m, max_deviation(e, a))
    return m


# ---------------------------------------------------------------------------------------------
# Hand-written families. Every family enumerates one feature's values over a few containers;
# the comments say which Yoga/CSS differences each one stays clear of (README.md, "Differences").

DIRECTIONS = ("column", "column-reverse", "row", "row-reverse")
JUSTIFY_FLEX = ("flex-start", "center", "flex-end", "space-between", "space-around",
                "space-evenly")
ALIGN_ITEMS_FLEX = ("flex-start", "center", "flex-end", "stretch")
ALIGN_CONTENT_FLEX = ("flex-start", "center", "flex-end", "stretch", "space-between",
                      "space-around")


def sized(w, h, **more):
    s = {"width": w, "height": h}
    s.update(more)
    return s


def measured(w, h, **style):
    return node(style, measure={"width": w, "height": h})


def group_measure():
    """Measured leaves wherever the space offered is at least their natural size: there a
    measure function returning W x H (exactly: the space) equals a W x H content box."""
    out = []
    for d in DIRECTIONS:
        for a in ("stretch", "flex-start", "center", "flex-end"):
            kids = [measured(50, 30), measured(20, 45, margin={"all": 3}),
                    measured(35, 10, padding={"left": 4, "top": 2, "right": 6, "bottom": 8})]
            out.append(case(f"{d}/{a}", node({"flexDirection": d, "alignItems": a}, kids),
                            200, 200))
        kids = [measured(40, 30, flexGrow=1), measured(30, 20), measured(20, 20, flexGrow=2)]
        out.append(case(f"{d}/grow", node({"flexDirection": d}, kids), 200, 200))
        kids = [measured(40, 30, flexShrink=1, **{"width" if d.startswith("row") else
                                                  "height": 150}),
                measured(30, 20, flexShrink=1, **{"width" if d.startswith("row") else
                                                  "height": 100})]
        out.append(case(f"{d}/shrink", node({"flexDirection": d}, kids), 200, 200))
        kids = [measured(40, 30, minWidth=60, maxHeight=20), measured(50, 40, maxWidth=30,
                                                                      minHeight=50)]
        out.append(case(f"{d}/limits", node({"flexDirection": d, "alignItems": "flex-start"},
                                            kids), 200, 200))
        out.append(case(f"{d}/hug", node({"flexDirection": d, "padding": {"all": 5}},
                                         [measured(50, 30), measured(20, 45)]), None, None))
        out.append(case(f"{d}/rtl", node({"flexDirection": d, "alignItems": "flex-start"},
                                         [measured(50, 30), measured(20, 45)]), 200, 200,
                        "rtl"))
        kids = [measured(40, 30) for _ in range(5)]
        out.append(case(f"{d}/wrap", node({"flexDirection": d, "flexWrap": "wrap",
                                           "alignItems": "flex-start"}, kids), 110, 110))
        kids = [measured(40, 30, positionType="absolute", position={"left": 10, "top": 20}),
                measured(30, 20, positionType="absolute", position={"right": 5, "bottom": 5})]
        out.append(case(f"{d}/absolute", node({"flexDirection": d}, kids), 200, 200))
    out.append(case("nested", node({"flexDirection": "row"},
                                   [node({"padding": {"all": 4}, "alignItems": "center"},
                                         [measured(30, 20), measured(50, 10)]),
                                    measured(40, 40, flexGrow=1)]), 200, 100))
    g = grid({"gridTemplateColumns": ["auto", "1fr", "60"], "gridTemplateRows": ["auto", "40"]},
             [measured(50, 30), measured(20, 25), measured(30, 10, justifySelf="center",
                                                           alignSelf="end"),
              measured(40, 20, justifySelf="start"), measured(10, 10), measured(25, 15)])
    out.append(case("grid", g, 200, 150))
    out.append(case("grid/rtl", g, 200, 150, "rtl"))
    return out


def group_flex_direction():
    out = []
    for d in DIRECTIONS:
        kids = [leaf(**sized(40, 30)), leaf(**sized(50, 20)), leaf(**sized(30, 40))]
        out.append(case(f"{d}/fixed-children", node({"flexDirection": d}, kids), 300, 200))
        kids = [leaf(width=40), leaf(height=30), leaf()]
        out.append(case(f"{d}/stretch-children", node({"flexDirection": d}, kids), 300, 200))
        kids = [leaf(**sized(40, 30, margin={"all": 5})), leaf(**sized(50, 20))]
        out.append(case(f"{d}/padding-border-margin",
                        node({"flexDirection": d, "padding": {"left": 10, "top": 7, "right": 3,
                                                              "bottom": 12},
                              "border": {"left": 2, "top": 1, "right": 4, "bottom": 3}}, kids),
                        300, 200))
        for dirn in ("ltr", "rtl"):
            kids = [leaf(**sized(40, 30)), leaf(**sized(50, 20))]
            out.append(case(f"{d}/hug/{dirn}", node({"flexDirection": d}, kids), None, None,
                            dirn))
        kids = [leaf(**sized(140, 130)), leaf(**sized(150, 120)), leaf(**sized(30, 40))]
        out.append(case(f"{d}/overflowing", node({"flexDirection": d}, kids), 200, 200))
    return out


def group_justify():
    out = []
    for d in DIRECTIONS:
        for j in JUSTIFY_FLEX:
            kids = [leaf(**sized(40, 30)), leaf(**sized(20, 50)), leaf(**sized(30, 20))]
            root = node({"flexDirection": d, "justifyContent": j,
                         "padding": {"left": 5, "top": 3, "right": 9, "bottom": 11}}, kids)
            out.append(case(f"{d}/{j}", root, 250, 210))
            if d in ("row", "row-reverse"):
                out.append(case(f"{d}/{j}/rtl", root, 250, 210, "rtl"))
            if d in ("row", "column"):
                kids = [leaf(**sized(60, 50, margin={"left": 4, "top": 6, "right": 8,
                                                     "bottom": 2}))]
                out.append(case(f"{d}/{j}/single-with-margins",
                                node({"flexDirection": d, "justifyContent": j}, kids), 200,
                                180))
        # space-around and space-evenly fall back to start in CSS when the items overflow;
        # Yoga 2.0.1 distributes the negative space ("Justify").
        for j in (("center", "flex-end", "space-between") if d in ("row", "column") else
                  ("space-between",)):
            kids = [leaf(**sized(90, 80)), leaf(**sized(100, 90))]
            out.append(case(f"{d}/{j}/negative-free-space",
                            node({"flexDirection": d, "justifyContent": j}, kids), 150, 150))
        for j in (("space-between", "space-around", "space-evenly", "center")
                  if d in ("row", "column") else ()):
            kids = [leaf(**sized(20, 20)), leaf(**sized(30, 10)), leaf(**sized(10, 30))]
            out.append(case(f"{d}/{j}/gap", node({"flexDirection": d, "justifyContent": j,
                                                  "gap": {"all": 7}}, kids), 200, 200))
    return out


def group_align():
    out = []
    for d in ("column", "row", "row-reverse", "column-reverse"):
        for a in ALIGN_ITEMS_FLEX:
            kids = [leaf(**sized(40, 30)), leaf(width=20), leaf(height=25), leaf()]
            root = node({"flexDirection": d, "alignItems": a,
                         "padding": {"left": 6, "top": 4, "right": 10, "bottom": 2}}, kids)
            out.append(case(f"items/{d}/{a}", root, 220, 180))
            if d == "row":
                out.append(case(f"items/{d}/{a}/rtl", root, 220, 180, "rtl"))
            if d == "row":
                kids = [leaf(**sized(40, 30, margin={"left": 5, "top": 3, "right": 7,
                                                     "bottom": 9})), leaf(margin={"all": 4})]
                out.append(case(f"items/{d}/{a}/margins", node({"flexDirection": d,
                                                                "alignItems": a}, kids),
                                200, 160))
        for a_self in ("auto", "flex-start", "center", "flex-end", "stretch"):
            for a in (("center",) if d in ("column", "row") else ()):
                kids = [leaf(**sized(30, 30)), leaf(alignSelf=a_self, width=25),
                        leaf(alignSelf=a_self, height=20), leaf(alignSelf=a_self)]
                out.append(case(f"self/{d}/{a}/{a_self}",
                                node({"flexDirection": d, "alignItems": a}, kids), 200, 160))
    for d in ("row", "column", "row-reverse", "column-reverse"):
        for ac in ALIGN_CONTENT_FLEX:
            for wrap in (("wrap", "wrap-reverse") if d in ("row", "column") else
                         ("wrap-reverse",) if ac in ("flex-start", "center", "space-between")
                         else ()):
                main_w = d.startswith("row")
                kids = [leaf(**sized(60, 40)) if main_w else leaf(**sized(40, 60))
                        for _ in range(4)]
                # Yoga 2.0.1 grows each line by the space between/around lines, so a
                # stretched item would grow with it ("align-content").
                if ac not in ("space-between", "space-around"):
                    kids.append(leaf(**({"width": 50} if main_w else {"height": 50})))
                root = node({"flexDirection": d, "flexWrap": wrap, "alignContent": ac,
                             "padding": {"all": 5}}, kids)
                out.append(case(f"content/{d}/{wrap}/{ac}", root, 160, 170))
                if ac in ("stretch", "space-around") and d in ("row", "column"):
                    out.append(case(f"content/{d}/{wrap}/{ac}/rtl", root, 160, 170, "rtl"))
            if d != "row":
                continue
            kids = [leaf(**sized(50, 50)), leaf(**sized(60, 30)), leaf(**sized(30, 60))]
            out.append(case(f"content/{d}/nowrap/{ac}",
                            node({"flexDirection": d, "alignContent": ac}, kids), 150, 150))
            if ac == "space-around":
                continue
            kids = [leaf(**sized(70, 70)) for _ in range(4)]
            out.append(case(f"content/{d}/wrap/{ac}/overflow",
                            node({"flexDirection": d, "flexWrap": "wrap", "alignContent": ac},
                                 kids), 100, 100))
    return out


def group_flex_wrap():
    out = []
    for d in DIRECTIONS:
        row = d.startswith("row")
        for wrap in ("wrap", "wrap-reverse"):
            kids = [leaf(**sized(30 + 10 * (i % 3), 20 + 7 * (i % 4))) for i in range(7)]
            out.append(case(f"{d}/{wrap}/mixed", node({"flexDirection": d, "flexWrap": wrap},
                                                      kids), 110, 110))
            for ai in (ALIGN_ITEMS_FLEX if wrap == "wrap" else ("center",)):
                kids = [leaf(**sized(40, 30)), leaf(**sized(30, 15)), leaf(**sized(35, 25)),
                        leaf(**({"width": 30} if row else {"height": 30}))]
                out.append(case(f"{d}/{wrap}/align-items-{ai}",
                                node({"flexDirection": d, "flexWrap": wrap, "alignItems": ai},
                                     kids), 80, 80))
            kids = [leaf(**sized(40, 40, flexGrow=1)) for _ in range(5)]
            if wrap == "wrap":
                out.append(case(f"{d}/{wrap}/grow-per-line",
                                node({"flexDirection": d, "flexWrap": wrap}, kids), 130, 130))
            kids = [leaf(**sized(40, 40, margin={"all": 5})) for _ in range(5)]
            out.append(case(f"{d}/{wrap}/margins-gaps",
                            node({"flexDirection": d, "flexWrap": wrap,
                                  "gap": {"row": 3, "column": 6}}, kids), 140, 140))
            if d == "row":
                out.append(case(f"{d}/{wrap}/margins-gaps/rtl",
                                node({"flexDirection": d, "flexWrap": wrap,
                                      "gap": {"row": 3, "column": 6}}, kids), 140, 140, "rtl"))
            if d.endswith("reverse"):
                continue
            kids = [leaf(**sized(50, 50)) for _ in range(3)]
            dims = {"width": 120} if row else {"height": 120}
            out.append(case(f"{d}/{wrap}/hug-cross", node(dict({"flexDirection": d,
                                                                 "flexWrap": wrap}, **dims),
                                                            kids), None, None))
            kids = [leaf(**sized(45, 35)) for _ in range(6)]
            out.append(case(f"{d}/{wrap}/justify-center",
                            node({"flexDirection": d, "flexWrap": wrap,
                                  "justifyContent": "center"}, kids), 100, 100))
    return out


def group_gap():
    out = []
    for d in DIRECTIONS:
        for gap in (({"all": 10}, {"column": 12}, {"row": 9}, {"column": 4, "row": 15},
                     {"all": 5, "column": 20}) if not d.endswith("reverse") else
                    ({"all": 10}, {"column": 4, "row": 15})):
            kids = [leaf(**sized(30, 20)), leaf(**sized(20, 30)), leaf(**sized(25, 25))]
            out.append(case(f"{d}/{'-'.join(f'{k}{v}' for k, v in gap.items())}",
                            node({"flexDirection": d, "gap": gap}, kids), 200, 200))
        kids = [leaf(flexGrow=1), leaf(flexGrow=2), leaf(**sized(20, 20))]
        out.append(case(f"{d}/grow-with-gap", node({"flexDirection": d, "gap": {"all": 8}},
                                                   kids), 180, 180))
        kids = [leaf(**sized(30, 30)), leaf(**sized(30, 30), display="none"),
                leaf(**sized(30, 30))]
        out.append(case(f"{d}/gap-skips-display-none",
                        node({"flexDirection": d, "gap": {"all": 10}}, kids), 200, 200))
        kids = [leaf(**sized(30, 30)), leaf(**sized(30, 30))]
        out.append(case(f"{d}/hug-with-gap", node({"flexDirection": d, "gap": {"all": 11}},
                                                  kids), None, None))
        kids = [leaf(**sized(40, 40)) for _ in range(6)]
        out.append(case(f"{d}/wrap-with-gap",
                        node({"flexDirection": d, "flexWrap": "wrap",
                              "gap": {"column": 5, "row": 13}}, kids), 130, 130))
    return out


def group_spacing():
    out = []
    paddings = ({"all": 10}, {"left": 5, "top": 6, "right": 7, "bottom": 8},
                {"horizontal": 12, "vertical": 3}, {"all": 4, "left": 20},
                {"all": "10%"}, {"left": "5%", "top": "10%", "right": "2%", "bottom": 0})
    for d in ("column", "row"):
        for i, p in enumerate(paddings):
            kids = [leaf(**sized(30, 30)), leaf()]
            out.append(case(f"padding/{d}/{i}", node({"flexDirection": d, "padding": p},
                                                     kids), 200, 150))
            if d == "row":
                out.append(case(f"padding/{d}/{i}/rtl",
                                node({"flexDirection": d, "padding": p}, kids), 200, 150, "rtl"))
        borders = ({"all": 3}, {"left": 1, "top": 2, "right": 3, "bottom": 4},
                   {"horizontal": 6, "vertical": 2})
        for i, b in enumerate(borders):
            kids = [leaf(**sized(30, 30)), leaf()]
            out.append(case(f"border/{d}/{i}",
                            node({"flexDirection": d, "border": b, "padding": {"all": 2}}, kids),
                            160, 120))
        out.append(case(f"padding-border/{d}/hug",
                        node({"flexDirection": d, "padding": {"all": 5},
                              "border": {"left": 1, "right": 2, "top": 3, "bottom": 4}},
                             [leaf(**sized(20, 20)), leaf(**sized(10, 30))]), None, None))
        margins = ({"all": 10}, {"left": 5, "top": 6, "right": 7, "bottom": 8},
                   {"horizontal": 12, "vertical": 3}, {"all": -5}, {"left": -10, "top": 4},
                   {"all": "10%"}, {"left": "5%", "top": "15%"})
        for i, m in enumerate(margins):
            kids = [leaf(**sized(40, 40, margin=m)), leaf(margin=m), leaf(**sized(20, 20))]
            out.append(case(f"margin/{d}/{i}", node({"flexDirection": d}, kids), 240, 200))
            if d == "row":
                out.append(case(f"margin/{d}/{i}/rtl", node({"flexDirection": d}, kids), 240,
                                200, "rtl"))
        # Only on named edges: Yoga 2.0.1 looks for "auto" on the edge itself, so an auto set
        # through all/horizontal/vertical is not an auto margin there ("Auto margins").
        autos = ({"left": "auto"}, {"right": "auto"}, {"left": "auto", "right": "auto"},
                 {"top": "auto"}, {"bottom": "auto"}, {"top": "auto", "bottom": "auto"},
                 {"left": "auto", "top": "auto", "right": "auto", "bottom": "auto"},
                 {"left": "auto", "bottom": "auto"})
        for i, m in enumerate(autos):
            kids = [leaf(**sized(40, 30, margin=m)), leaf(**sized(20, 20))]
            out.append(case(f"auto-margin/{d}/{i}", node({"flexDirection": d}, kids), 200, 150))
            if d == "column":
                continue
            out.append(case(f"auto-margin/{d}/{i}/rtl", node({"flexDirection": d}, kids), 200,
                            150, "rtl"))
            kids = [leaf(**sized(40, 30, margin=m)), leaf(**sized(20, 20))]
            out.append(case(f"auto-margin/{d}/{i}/center-and-padding",
                            node({"flexDirection": d, "justifyContent": "center",
                                  "alignItems": "flex-end", "padding": {"all": 10}}, kids),
                            200, 150))
        kids = [leaf(**sized(30, 30, margin={"left": "auto"})) for _ in range(4)]
        out.append(case(f"auto-margin/{d}/wrap",
                        node({"flexDirection": d, "flexWrap": "wrap"}, kids), 100, 100))
    return out


def group_min_max():
    out = []
    for d in ("column", "row"):
        main, cross = ("width", "height") if d == "row" else ("height", "width")
        cap = {"width": "Width", "height": "Height"}
        for lim in ({"min" + cap[main]: 80}, {"max" + cap[main]: 30},
                    {"min" + cap[cross]: 90}, {"max" + cap[cross]: 40},
                    {"min" + cap[main]: "30%"}, {"max" + cap[main]: "10%"},
                    {"max" + cap[cross]: "25%"}, {"min" + cap[main]: 60, "max" + cap[main]: 50}):
            tag = "-".join(f"{k}{v}" for k, v in lim.items()).replace("%", "pct")
            kids = [leaf(**dict({main: 50}, **lim)), leaf(**dict({main: 20})),
                    leaf(**dict({"flexGrow": 1}, **lim))]
            out.append(case(f"{d}/{tag}", node({"flexDirection": d}, kids), 250, 220))
            # A shrinking item whose main-axis maximum is below its flex basis: CSS freezes it
            # at the maximum first, Yoga 2.0.1 shrinks from the basis ("min/max").
            if "max" + cap[main] not in lim and d == "row":
                kids = [leaf(**dict({main: 60, "flexShrink": 1}, **lim)),
                        leaf(**dict({main: 200, "flexShrink": 1}))]
                out.append(case(f"{d}/{tag}/shrinking", node({"flexDirection": d}, kids), 200,
                                200))
        for lim in ({"maxWidth": 120}, {"minWidth": 250}, {"maxHeight": 70}, {"minHeight": 300},
                    {"minWidth": 50, "maxWidth": 150}):
            tag = "-".join(f"{k}{v}" for k, v in lim.items())
            kids = [leaf(**sized(80, 50)), leaf(**sized(60, 40))]
            out.append(case(f"{d}/root-{tag}", node(dict({"flexDirection": d}, **lim), kids),
                            200, 200))
            out.append(case(f"{d}/root-{tag}/hug", node(dict({"flexDirection": d}, **lim), kids),
                            None, None))
        kids = [leaf(**{main: 30, "flexGrow": 1, "max" + cap[main]: 60}),
                leaf(**{main: 30, "flexGrow": 1}), leaf(**{main: 30, "flexGrow": 2,
                                                           "max" + cap[main]: 45})]
        out.append(case(f"{d}/grow-frozen-by-max", node({"flexDirection": d}, kids), 300, 300))
        kids = [leaf(**{main: 100, "flexShrink": 1, "min" + cap[main]: 90}),
                leaf(**{main: 100, "flexShrink": 1}), leaf(**{main: 100, "flexShrink": 3})]
        out.append(case(f"{d}/shrink-frozen-by-min", node({"flexDirection": d}, kids), 200,
                        200))
        kids = [node({"flexDirection": "row" if d == "column" else "column",
                      "min" + cap[cross]: 50, "max" + cap[main]: 70},
                     [leaf(**sized(100, 100))])]
        out.append(case(f"{d}/nested-limits", node({"flexDirection": d}, kids), 200, 200))
    return out


def group_flex():
    out = []
    for d in ("row", "column", "row-reverse", "column-reverse"):
        main = "width" if d.startswith("row") else "height"
        for grows in (((1,), (1, 1), (1, 2), (1, 0, 3), (0.5,), (0.25, 0.25), (2, 0.5))
                      if not d.endswith("reverse") else ((1, 2), (0.25, 0.25))):
            kids = [leaf(flexGrow=g) for g in grows] + [leaf(**{main: 20})]
            out.append(case(f"{d}/grow-{'-'.join(map(str, grows))}",
                            node({"flexDirection": d}, kids), 200, 200))
        for shrinks in (((1, 1), (1, 2), (0, 1), (1, 1.5), (3, 1)) if not d.endswith("reverse")
                        else ((1, 2), (0, 1))):
            kids = [leaf(**{main: 150, "flexShrink": s}) for s in shrinks]
            out.append(case(f"{d}/shrink-{'-'.join(map(str, shrinks))}",
                            node({"flexDirection": d}, kids), 200, 200))
        for basis in ((0, 50, "auto", "50%", "10%", 120) if not d.endswith("reverse") else
                      (0, "50%", 120)):
            kids = [leaf(flexBasis=basis, flexGrow=1), leaf(flexBasis=basis, flexGrow=2),
                    leaf(**{"flexBasis": basis, main: 30})]
            out.append(case(f"{d}/basis-{basis}".replace("%", "pct"),
                            node({"flexDirection": d}, kids), 240, 240))
        kids = [leaf(**{"flexBasis": 100, main: 30, "flexShrink": 1}),
                leaf(**{"flexBasis": 150, "flexShrink": 1})]
        out.append(case(f"{d}/basis-beats-size-and-shrinks", node({"flexDirection": d}, kids),
                        200, 200))
        kids = [leaf(flexGrow=1, flexBasis=0, margin={"all": 5}),
                leaf(flexGrow=1, flexBasis=0, padding={"all": 20}),
                leaf(flexGrow=1, flexBasis=0, border={"all": 3})]
        out.append(case(f"{d}/grow-with-box-model", node({"flexDirection": d,
                                                          "padding": {"all": 7}}, kids),
                        210, 210))
        kids = [leaf(flexGrow=1, flexShrink=1, flexBasis=100),
                leaf(flexGrow=1, flexShrink=1, flexBasis=50)]
        out.append(case(f"{d}/grow-and-shrink-under-gap",
                        node({"flexDirection": d, "gap": {"all": 80}}, kids), 200, 200))
        kids = [node({"flexGrow": 1, "flexDirection": "row" if main == "height" else "column"},
                     [leaf(flexGrow=1), leaf(flexGrow=3)]), leaf(**{main: 40})]
        out.append(case(f"{d}/nested-grow", node({"flexDirection": d}, kids), 220, 220))
    return out


def group_aspect_ratio():
    out = []
    for d in ("row", "column"):
        for ratio in (1, 2, 0.5, 1.5):
            r = fmt_num(ratio)
            out.append(case(f"{d}/{r}/width-given",
                            node({"flexDirection": d, "alignItems": "flex-start"},
                                 [leaf(width=60, aspectRatio=ratio)]), 200, 200))
            out.append(case(f"{d}/{r}/height-given",
                            node({"flexDirection": d, "alignItems": "flex-start"},
                                 [leaf(height=60, aspectRatio=ratio)]), 200, 200))
            out.append(case(f"{d}/{r}/margins",
                            node({"flexDirection": d, "alignItems": "flex-start"},
                                 [leaf(width=60, aspectRatio=ratio,
                                       margin={"left": 5, "top": 7, "right": 3, "bottom": 2})]),
                            200, 200))
            out.append(case(f"{d}/{r}/absolute",
                            node({"flexDirection": d},
                                 [leaf(width=50, aspectRatio=ratio, positionType="absolute",
                                       position={"left": 10, "top": 20})]), 200, 200))
            out.append(case(f"{d}/{r}/absolute-height",
                            node({"flexDirection": d},
                                 [leaf(height=50, aspectRatio=ratio, positionType="absolute",
                                       position={"right": 10, "bottom": 20})]), 200, 200))
    return out


def overconstrained_on_reversed_axis(flex_direction, position):
    sides = physical_edges(position, "ltr")
    if flex_direction == "row-reverse":
        return "left" in sides and "right" in sides
    if flex_direction == "column-reverse":
        return "top" in sides and "bottom" in sides
    return False


def group_absolute():
    out = []
    insets = ({"left": 10, "top": 20}, {"right": 10, "bottom": 20}, {"left": 10, "right": 30},
              {"top": 5, "bottom": 15}, {"left": 10, "top": 10, "right": 10, "bottom": 10},
              {"left": "10%", "top": "20%"}, {"right": "10%", "bottom": "5%"},
              {"left": 10, "right": 20, "top": 0}, {"horizontal": 12, "vertical": 6})
    for d in ("column", "row", "row-reverse", "column-reverse"):
        for i, pos in enumerate(insets):
            # Over-constrained (both insets and a size) on a reversed main axis: Yoga 2.0.1
            # keeps the inset on the flex-start side, CSS the one on the start side.
            overconstrained = overconstrained_on_reversed_axis(d, pos)
            kid = leaf(positionType="absolute", position=pos, width=40, height=30)
            if not overconstrained:
                out.append(case(f"{d}/sized/{i}",
                                node({"flexDirection": d, "border": {"all": 3}},
                                     [leaf(**sized(20, 20)), kid]), 200, 160))
            if not overconstrained and d == "row-reverse":
                out.append(case(f"{d}/sized/{i}/rtl",
                                node({"flexDirection": d, "border": {"all": 3}},
                                     [leaf(**sized(20, 20)), kid]), 200, 160, "rtl"))
            kid = leaf(positionType="absolute", position=pos)
            if i < 5 and d in ("row", "column"):
                out.append(case(f"{d}/auto-size/{i}", node({"flexDirection": d},
                                                           [kid, leaf(**sized(20, 20))]),
                                200, 160))
            kid = leaf(positionType="absolute", position=pos, width="50%", height="25%",
                       margin={"left": 4, "top": 2, "right": 6, "bottom": 8})
            if not overconstrained and (d, i % 2) in (("row", 0), ("column", 1)):
                out.append(case(f"{d}/percent-size-margins/{i}",
                                node({"flexDirection": d, "border": {"left": 2, "top": 5}},
                                     [kid]), 200, 160))
        # No insets: the static position, where Yoga and CSS agree (README.md, "Absolute").
        for j in ("flex-start", "center", "flex-end"):
            for a in (("flex-start", "center", "flex-end", "stretch") if d in ("row", "column")
                      else ("flex-end",)):
                kid = leaf(positionType="absolute", width=40, height=30)
                out.append(case(f"{d}/static-position/{j}/{a}",
                                node({"flexDirection": d, "justifyContent": j, "alignItems": a},
                                     [leaf(**sized(20, 20)), kid]), 200, 160))
        kid = node({"positionType": "absolute", "position": {"left": 5, "top": 5},
                    "flexDirection": "row", "padding": {"all": 3}},
                   [leaf(**sized(30, 20)), leaf(**sized(20, 40))])
        out.append(case(f"{d}/hugging-absolute", node({"flexDirection": d}, [kid]), 200, 160))
        kid = leaf(positionType="absolute", position={"left": 10, "top": 10}, width=40,
                   height=40, minWidth=60, maxHeight=20)
        out.append(case(f"{d}/limits", node({"flexDirection": d}, [kid]), 200, 160))
    out.append(case("absolute-in-absolute",
                    node({}, [node({"positionType": "absolute", "position": {"left": 20,
                                                                             "top": 30},
                                    "width": 100, "height": 80, "border": {"all": 2}},
                                   [leaf(positionType="absolute",
                                         position={"right": 5, "bottom": 5}, width="50%",
                                         height="50%")])]), 300, 300))
    return out


def group_display_none():
    out = []
    for d in DIRECTIONS:
        kids = [leaf(**sized(30, 30)), node({"display": "none", "width": 50, "height": 50},
                                            [leaf(**sized(10, 10))]), leaf(flexGrow=1)]
        out.append(case(f"{d}/middle-child", node({"flexDirection": d,
                                                   "justifyContent": "space-between"}, kids),
                        200, 200))
        kids = [leaf(display="none", flexGrow=1), leaf(flexGrow=1), leaf(**sized(20, 20))]
        out.append(case(f"{d}/grow-ignores-hidden", node({"flexDirection": d, "gap": {"all": 5}},
                                                         kids), 200, 200))
        kids = [leaf(display="none", positionType="absolute", position={"left": 5}),
                leaf(**sized(20, 20))]
        out.append(case(f"{d}/hidden-absolute", node({"flexDirection": d}, kids), 100, 100))
        kids = [leaf(**sized(40, 40), display="none") for _ in range(3)]
        out.append(case(f"{d}/all-hidden-hug", node({"flexDirection": d, "padding": {"all": 4}},
                                                    kids), None, None))
    out.append(case("hidden-root-children",
                    node({"flexDirection": "row", "flexWrap": "wrap"},
                         [leaf(**sized(60, 60)), leaf(**sized(60, 60), display="none"),
                          leaf(**sized(60, 60))]), 130, 200))
    return out


def group_rtl():
    out = []
    for d in DIRECTIONS:
        for j in ("flex-start", "flex-end", "space-between"):
            kids = [leaf(**sized(30, 20, margin={"left": 3, "right": 9})),
                    leaf(**sized(40, 30, margin={"left": 5})), leaf(**sized(20, 10))]
            out.append(case(f"{d}/{j}", node({"flexDirection": d, "justifyContent": j,
                                               "padding": {"left": 4, "right": 12},
                                               "border": {"left": 1, "right": 3}}, kids),
                            200, 150, "rtl"))
        kids = [leaf(**sized(30, 20)), leaf(**sized(40, 30))]
        # Yoga 2.0.1 applies a relative inset along the child's own axes, so the child
        # shares the parent's flex direction (README.md, "Relative insets").
        out.append(case(f"{d}/relative-insets",
                        node({"flexDirection": d},
                             [leaf(**sized(30, 20, position={"left": 7, "top": 3},
                                           flexDirection=d)),
                              leaf(**sized(30, 20, position={"right": 7, "bottom": 3},
                                           flexDirection=d))]),
                        200, 150, "rtl"))
        inner = node({"direction": "ltr", "flexDirection": "row"}, kids)
        out.append(case(f"{d}/ltr-inside-rtl", node({"flexDirection": d}, [inner]), 200, 150,
                        "rtl"))
        inner = node({"direction": "rtl", "flexDirection": "row"}, kids)
        out.append(case(f"{d}/rtl-inside-ltr", node({"flexDirection": d}, [inner]), 200, 150,
                        "ltr"))
        out.append(case(f"{d}/root-style-rtl",
                        node({"flexDirection": d, "direction": "rtl"}, kids), 200, 150,
                        "inherit"))
    return out


def group_nested():
    out = []
    for outer in DIRECTIONS:
        for inner in ("row", "column"):
            a = node({"flexDirection": inner, "flexGrow": 1, "padding": {"all": 4},
                      "justifyContent": "space-between", "alignItems": "center"},
                     [leaf(**sized(20, 20)), leaf(**sized(30, 10)), leaf(flexGrow=1)])
            b = node({"flexDirection": inner, "margin": {"all": 6}, "border": {"all": 2}},
                     [leaf(**sized(25, 25)), node({"flexDirection": outer, "flexGrow": 1},
                                                  [leaf(flexGrow=1), leaf(**sized(10, 10))])])
            root = node({"flexDirection": outer, "padding": {"all": 5}}, [a, b])
            out.append(case(f"{outer}/{inner}", root, 260, 220))
            if outer.startswith("row"):
                out.append(case(f"{outer}/{inner}/rtl", root, 260, 220, "rtl"))
            if outer.endswith("reverse"):
                continue
            out.append(case(f"{outer}/{inner}/hug",
                            node({"flexDirection": outer},
                                 [node({"flexDirection": inner, "padding": {"all": 3}},
                                       [leaf(**sized(20, 30)), leaf(**sized(25, 15))]),
                                  leaf(**sized(40, 10))]), None, None))
    deep = leaf(**sized(10, 10))
    for i in range(6):
        deep = node({"flexDirection": "row" if i % 2 else "column", "padding": {"all": 2},
                     "alignItems": "center" if i % 3 == 0 else "stretch"},
                    [deep, leaf(**sized(5, 5))])
    out.append(case("deep", deep, 200, 200))
    out.append(case("deep/hug", deep, None, None))
    return out


def group_percent():
    out = []
    for d in ("row", "column"):
        kids = [leaf(width="50%", height="25%"), leaf(width="10%", height="10%",
                                                      margin={"left": "5%", "top": "5%"}),
                leaf(flexBasis="30%", padding={"left": "5%", "top": "10%"})]
        root = node({"flexDirection": d, "padding": {"all": 10}, "border": {"all": 2}}, kids)
        out.append(case(f"{d}/children", root, 300, 200))
        out.append(case(f"{d}/children/rtl", root, 300, 200, "rtl"))
        inner = node({"width": "50%", "height": "50%", "flexDirection": d},
                     [leaf(width="50%", height="50%"), leaf(width="25%", height="25%")])
        out.append(case(f"{d}/nested", node({"flexDirection": d}, [inner]), 300, 200))
        out.append(case(f"{d}/root-percent",
                        node({"width": "50%", "height": "75%", "flexDirection": d},
                             [leaf(width="50%", height="50%")]), 300, 200))
        # Yoga 2.0.1 resolves a relative inset percentage along the child's own main axis
        # against the parent's main size, so the child shares the parent's orientation.
        kids = [leaf(width="30%", height="30%", position={"left": "10%", "top": "10%"},
                     flexDirection=d),
                leaf(width="30%", height="30%", position={"right": "10%", "bottom": "10%"},
                     flexDirection=d)]
        out.append(case(f"{d}/relative-percent-insets", node({"flexDirection": d}, kids), 300,
                        200))
        kids = [leaf(flexGrow=1, minWidth="20%", maxHeight="30%"),
                leaf(flexGrow=1, maxWidth="10%", minHeight="40%")]
        out.append(case(f"{d}/percent-limits", node({"flexDirection": d}, kids), 300, 200))
    return out


# Grid families. Alignment values are the ones the fork's grid code gives a meaning in a grid
# (start, center, end, stretch; flex-start as start) and justify-content/align-content values
# it distributes (README.md, "Grid").

JUSTIFY_ITEMS_GRID = ("start", "center", "end", "stretch")
ALIGN_ITEMS_GRID = ("start", "center", "end", "stretch", "flex-start")
CONTENT_GRID_JUSTIFY = ("start", "center", "end", "space-between", "space-around",
                        "space-evenly", "stretch")
CONTENT_GRID_ALIGN = ("start", "center", "end", "space-between", "space-around",
                      "space-evenly", "stretch")


def grid(style=None, children=()):
    s = {"display": "grid"}
    s.update(style or {})
    return node(s, children)


def cells(n, **style):
    return [leaf(**style) for _ in range(n)]


def group_grid_tracks():
    out = []
    column_sets = (["100", "50"], ["25%", "75%"], ["1fr", "2fr"], ["auto", "auto"],
                   ["minmax(50,1fr)", "100"], ["auto", "1fr"], ["minmax(30,80)", "auto", "2fr"],
                   ["40", "20%", "1fr", "auto"], ["0.5fr", "0.25fr"], ["minmax(auto,60)", "1fr"],
                   ["minmax(20%,100)", "minmax(10,auto)"], ["150", "150", "150"])
    for i, cols in enumerate(column_sets):
        kids = [leaf(**sized(30, 20)), leaf(width=70), leaf(height=35), leaf(),
                leaf(**sized(10, 10)), leaf()]
        g = grid({"gridTemplateColumns": cols, "gridTemplateRows": ["auto", "50", "1fr"]}, kids)
        out.append(case(f"columns/{i}/{'-'.join(cols)}", g, 300, 220))
        if i % 3 == 0:
            out.append(case(f"columns/{i}/rtl", g, 300, 220, "rtl"))
        if i % 2:
            g = grid({"gridTemplateColumns": cols,
                      "padding": {"left": 7, "top": 5, "right": 11, "bottom": 3},
                      "border": {"all": 2}}, [leaf(**sized(30, 20)), leaf(), leaf(width=60)])
            out.append(case(f"columns/{i}/padding-border", g, 320, 200))
    row_sets = (["60", "40"], ["30%", "1fr"], ["auto", "2fr", "1fr"], ["minmax(40,auto)", "auto"],
                ["minmax(10,1fr)", "minmax(10,2fr)"])
    for i, rows in enumerate(row_sets):
        kids = [leaf(**sized(40, 25)), leaf(height=70), leaf(), leaf(**sized(20, 45))]
        g = grid({"gridTemplateColumns": ["1fr", "1fr"], "gridTemplateRows": rows}, kids)
        out.append(case(f"rows/{i}/{'-'.join(rows)}", g, 200, 240))
    for i, cols in enumerate((["1fr", "1fr"], ["auto", "1fr"], ["minmax(40,1fr)", "2fr"])):
        kids = [leaf(**sized(120, 20)), leaf(**sized(30, 20))]
        out.append(case(f"fr-with-wide-item/{i}", grid({"gridTemplateColumns": cols}, kids),
                        200, 100))
    for j in ("stretch", "center", "end", "space-between"):
        kids = [leaf(**sized(30, 20)), leaf(**sized(50, 30)), leaf(**sized(20, 40))]
        out.append(case(f"auto-tracks/justify-content-{j}",
                        grid({"gridTemplateColumns": ["auto", "auto", "auto"],
                              "gridTemplateRows": ["auto", "auto"], "justifyContent": j,
                              "alignContent": j}, kids), 250, 200))
    kids = [leaf(**sized(30, 20)), leaf(**sized(50, 30)), leaf(**sized(20, 40))]
    out.append(case("auto-tracks/hug", grid({"gridTemplateColumns": ["auto", "auto", "50"],
                                             "gap": {"all": 4}}, kids), None, None))
    out.append(case("fixed-tracks/hug", grid({"gridTemplateColumns": ["40", "60"],
                                              "gridTemplateRows": ["30", "20"],
                                              "padding": {"all": 5}}, cells(4)), None, None))
    return out


def group_grid_placement():
    out = []
    three = {"gridTemplateColumns": ["60", "80", "1fr"], "gridTemplateRows": ["40", "50", "1fr"]}
    placements = [
        {"gridColumnStart": 2, "gridRowStart": 2},
        {"gridColumnStart": 1, "gridColumnEnd": 3, "gridRowStart": 1, "gridRowEnd": 3},
        {"gridColumnStart": -1, "gridRowStart": -2},
        {"gridColumnStart": -3, "gridColumnEnd": -1, "gridRowStart": 3},
        {"gridColumnStart": 2, "gridColumnEnd": "span 2", "gridRowStart": 1},
        {"gridColumnStart": "span 2", "gridColumnEnd": 4, "gridRowEnd": 3},
        {"gridColumnStart": 3, "gridColumnEnd": 1, "gridRowStart": 2, "gridRowEnd": 2},
        {"gridColumnStart": 4, "gridRowStart": 4},
        {"gridColumnStart": 2, "gridColumnEnd": 6, "gridRowStart": 1},
        {"gridColumnEnd": -2, "gridRowEnd": -1},
        {"gridColumnStart": "span 3", "gridRowStart": 2},
        {"gridRowStart": 1, "gridRowEnd": "span 3", "gridColumnStart": 1},
    ]
    for i, p in enumerate(placements):
        kids = [leaf(**p), leaf(**sized(20, 20)), leaf()]
        out.append(case(f"explicit/{i}", grid(three, kids), 300, 250))
        if i % 2 == 0:
            out.append(case(f"explicit/{i}/rtl", grid(three, kids), 300, 250, "rtl"))
        if i % 2:
            kids = [leaf(**dict(p, margin={"left": 3, "top": 4, "right": 5, "bottom": 6}))]
            out.append(case(f"explicit/{i}/margins",
                            grid(dict(three, gap={"column": 6, "row": 4}), kids), 300, 250))
    g = grid({"gridTemplateColumns": ["50", "50"], "gridTemplateRows": ["50", "50"]},
             [leaf(gridColumnStart=1, gridRowStart=1), leaf(gridColumnStart=1, gridRowStart=1,
                                                           width=20, height=20)])
    out.append(case("explicit/overlapping", g, 200, 200))
    return out


def group_grid_auto_placement():
    out = []
    cols = ["50", "60", "70"]
    layouts = [
        [{}, {}, {}, {}, {}],
        [{"gridColumnStart": "span 2"}, {}, {}, {"gridColumnStart": "span 3"}, {}],
        [{"gridColumnStart": 2}, {}, {}, {"gridColumnStart": 1}, {}],
        [{"gridRowStart": 2}, {}, {"gridRowStart": 2}, {}, {"gridRowStart": 1}],
        [{}, {"gridColumnStart": 2, "gridRowStart": 1}, {}, {}, {"gridRowStart": "span 2"}],
        [{"gridColumnStart": "span 2", "gridRowStart": "span 2"}, {}, {}, {}, {}, {}],
        [{}, {"gridColumnStart": 3, "gridRowStart": 3}, {}, {"gridColumnEnd": "span 2"}],
        [{"gridRowStart": 1, "gridRowEnd": 3}, {}, {}, {}, {}, {}, {}],
    ]
    for i, spec in enumerate(layouts):
        kids = [leaf(**dict(p, height=20 + 5 * (k % 3))) for k, p in enumerate(spec)]
        g = grid({"gridTemplateColumns": cols, "gap": {"all": 3}}, kids)
        out.append(case(f"row-flow/{i}", g, 250, 250))
        if i % 2 == 0:
            out.append(case(f"row-flow/{i}/rtl", g, 250, 250, "rtl"))
        else:
            g = grid({"gridTemplateColumns": ["1fr", "1fr", "1fr"],
                      "gridAutoRows": ["30", "auto"]}, kids)
            out.append(case(f"row-flow/{i}/auto-rows", g, 240, 260))
    kids = [leaf(), leaf(display="none"), leaf(), leaf(positionType="absolute",
                                                    position={"left": 5, "top": 5},
                                                    width=10, height=10), leaf()]
    out.append(case("skips-hidden-and-absolute",
                    grid({"gridTemplateColumns": ["40", "40"], "gridAutoRows": ["30"]}, kids),
                    200, 200))
    return out


def group_grid_auto_tracks():
    out = []
    autos = (["40"], ["auto"], ["1fr"], ["20", "40"], ["minmax(25,auto)"], ["30%"])
    for i, auto in enumerate(autos):
        kids = [leaf(**sized(30, 15 + 5 * k)) for k in range(5)]
        g = grid({"gridTemplateColumns": ["70", "70"], "gridAutoRows": auto}, kids)
        out.append(case(f"rows/{i}", g, 200, 260))
        kids = [leaf(gridColumnStart=k + 1, gridRowStart=1, height=20) for k in range(4)]
        g = grid({"gridTemplateColumns": ["50"], "gridAutoColumns": auto,
                  "gridTemplateRows": ["40"]}, kids)
        out.append(case(f"columns/{i}", g, 300, 100))
    g = grid({"gridTemplateColumns": ["30"], "gridTemplateRows": ["30"],
              "gridAutoColumns": ["20", "40"], "gridAutoRows": ["10", "25"]},
             [leaf(gridColumnStart=4, gridRowStart=4), leaf(gridColumnStart=2, gridRowStart=2)])
    out.append(case("implicit-after-explicit", g, 300, 300))
    g = grid({"gridAutoColumns": ["50"], "gridAutoRows": ["25"]}, cells(4))
    out.append(case("no-template", g, 200, 200))
    g = grid({"gridAutoColumns": ["50"], "gridAutoRows": ["25"]},
             [leaf(gridColumnStart=k + 1) for k in range(3)])
    out.append(case("no-template/columns", g, 200, 200))
    return out


def group_grid_align():
    out = []
    tracks = {"gridTemplateColumns": ["100", "100"], "gridTemplateRows": ["80", "80"]}
    for ji in JUSTIFY_ITEMS_GRID:
        for ai in (ALIGN_ITEMS_GRID if ji == "center" else ALIGN_ITEMS_GRID[:4]):
            kids = [leaf(**sized(40, 30)), leaf(width=50), leaf(height=20), leaf()]
            out.append(case(f"items/{ji}/{ai}", grid(dict(tracks, justifyItems=ji,
                                                          alignItems=ai), kids), 250, 200))
        out.append(case(f"items/{ji}/rtl", grid(dict(tracks, justifyItems=ji),
                                                [leaf(**sized(40, 30)), leaf(height=20)]),
                        250, 200, "rtl"))
    for js in ("auto",) + JUSTIFY_ITEMS_GRID:
        for a_self in ("auto", "start", "center", "end", "stretch"):
            if js not in ("auto", "stretch") and a_self != js:
                continue
            kids = [leaf(**sized(30, 30, justifySelf=js, alignSelf=a_self)),
                    leaf(justifySelf=js, alignSelf=a_self),
                    leaf(**sized(30, 30, justifySelf=js, alignSelf=a_self,
                                 margin={"left": 5, "top": 3, "right": 9, "bottom": 6}))]
            out.append(case(f"self/{js}/{a_self}",
                            grid(dict(tracks, justifyItems="center", alignItems="end"), kids),
                            250, 200))
    for m in ({"left": "auto"}, {"right": "auto"}, {"left": "auto", "right": "auto"},
              {"top": "auto"}, {"top": "auto", "bottom": "auto"},
              {"left": "auto", "top": "auto", "right": "auto", "bottom": "auto"}):
        tag = "-".join(m)
        kids = [leaf(**sized(30, 30, margin=m)), leaf(margin=m)]
        out.append(case(f"auto-margins/{tag}", grid(tracks, kids), 250, 200))
        if "left" in m:
            out.append(case(f"auto-margins/{tag}/rtl", grid(tracks, kids), 250, 200, "rtl"))
    for jc in CONTENT_GRID_JUSTIFY:
        for ac in (("start", "center", "end", "space-around", "stretch") if jc == "center" else
                   ((jc, "start") if jc != "start" else ("start",))):
            g = grid({"gridTemplateColumns": ["50", "auto", "40"],
                      "gridTemplateRows": ["30", "auto"], "justifyContent": jc,
                      "alignContent": ac, "padding": {"all": 5}},
                     [leaf(**sized(20, 20)), leaf(**sized(30, 25)), leaf(), leaf(), leaf(),
                      leaf()])
            out.append(case(f"content/{jc}/{ac}", g, 260, 200))
        if jc in ("center", "end", "space-between", "space-around"):
            g = grid({"gridTemplateColumns": ["150", "150"], "justifyContent": jc,
                      "gridTemplateRows": ["150"], "alignContent": jc}, cells(2))
            out.append(case(f"content/{jc}/negative-free-space", g, 200, 100))
    return out


def group_grid_gap():
    out = []
    for gap in ({"all": 10}, {"column": 15}, {"row": 7}, {"column": 4, "row": 12},
                {"all": "5%"}, {"column": "10%", "row": 3}):
        tag = "-".join(f"{k}{v}" for k, v in gap.items()).replace("%", "pct")
        kids = [leaf(**sized(20, 20)), leaf(), leaf(gridColumnStart="span 2"), leaf(), leaf()]
        for cols in (["50", "1fr", "auto"], ["1fr", "2fr", "1fr"]):
            g = grid({"gridTemplateColumns": cols, "gridTemplateRows": ["40", "auto", "1fr"],
                      "gap": gap}, kids)
            out.append(case(f"{tag}/{'-'.join(cols)}", g, 260, 200))
        g = grid({"gridTemplateColumns": ["40", "40"], "gridAutoRows": ["30"], "gap": gap},
                 cells(5))
        if not any(is_percent(v) for v in gap.values()):
            out.append(case(f"{tag}/hug", g, None, None))
        out.append(case(f"{tag}/space-between", grid({"gridTemplateColumns": ["40", "40", "40"],
                                                      "justifyContent": "space-between",
                                                      "gap": gap}, cells(3)), 200, 100))
    return out


def group_grid_nesting():
    out = []
    for d in ("row", "column"):
        g = grid({"gridTemplateColumns": ["1fr", "60"], "gridTemplateRows": ["40", "1fr"],
                  "flexGrow": 1, "padding": {"all": 4}},
                 [leaf(), node({"flexDirection": "row"}, [leaf(flexGrow=1), leaf(width=10)]),
                  leaf(**sized(30, 30)), leaf()])
        root = node({"flexDirection": d, "padding": {"all": 6}}, [leaf(**sized(40, 40)), g])
        out.append(case(f"grid-in-flex/{d}", root, 300, 220))
        out.append(case(f"grid-in-flex/{d}/rtl", root, 300, 220, "rtl"))
        g = grid({"gridTemplateColumns": ["50", "50"], "gridTemplateRows": ["30"],
                  "alignSelf": "center"}, cells(2))
        out.append(case(f"grid-in-flex/{d}/fixed-tracks-centered",
                        node({"flexDirection": d}, [g, leaf(flexGrow=1)]), 250, 200))
        f = node({"flexDirection": d, "justifyContent": "space-between", "alignItems": "center",
                  "padding": {"all": 3}}, [leaf(**sized(20, 20)), leaf(**sized(30, 10)),
                                           leaf(flexGrow=1, **{"height" if d == "row"
                                                               else "width": 5})])
        root = grid({"gridTemplateColumns": ["1fr", "2fr"], "gridTemplateRows": ["100", "60"],
                     "gap": {"all": 5}}, [f, leaf(), leaf(gridColumnStart="span 2"), ])
        out.append(case(f"flex-in-grid/{d}", root, 300, 200))
        out.append(case(f"flex-in-grid/{d}/rtl", root, 300, 200, "rtl"))
        f = node({"flexDirection": d, "flexWrap": "wrap"}, [leaf(**sized(40, 40))
                                                             for _ in range(4)])
        root = grid({"gridTemplateColumns": ["100", "1fr"], "gridTemplateRows": ["auto"]},
                    [f, leaf()])
        out.append(case(f"flex-in-grid/{d}/wrapping", root, 300, 300))
    inner = grid({"gridTemplateColumns": ["1fr", "1fr"], "gridTemplateRows": ["1fr"]},
                 cells(2))
    root = grid({"gridTemplateColumns": ["2fr", "1fr"], "gridTemplateRows": ["50", "1fr"]},
                [inner, leaf(), leaf(gridColumnStart=1, gridColumnEnd=-1)])
    out.append(case("grid-in-grid", root, 300, 200))
    out.append(case("grid-in-grid/rtl", root, 300, 200, "rtl"))
    return out


# ---------------------------------------------------------------------------------------------
# Seeded random trees. Only configurations where Yoga and CSS agree are drawn; each guard below
# names the README.md difference it keeps out. `random.Random(seed)` gives the same sequence on
# every Python 3 release for these calls (random(), randrange(), choice() on lists).


class RandomTrees:
    MAX_NODES = 8
    MAX_DEPTH = 4
    MAX_CHILDREN = 8

    def __init__(self, seed):
        self.rng = random.Random(seed)

    # small helpers -------------------------------------------------------------------------
    def chance(self, p):
        return self.rng.random() < p

    def pick(self, values):
        return values[self.rng.randrange(len(values))]

    def points(self, lo, hi, step=5):
        return self.rng.randrange(lo // step, hi // step + 1) * step

    def length(self, lo, hi, percent_ok, pct_lo=5, pct_hi=100):
        if percent_ok and self.chance(0.25):
            return f"{self.points(pct_lo, pct_hi)}%"
        return self.points(lo, hi)

    def edges(self, lo, hi, percent_ok, auto_ok=False, negative_ok=False):
        shape = self.pick([0, 0, 1, 2, 3, 3])
        keys = (["all"], ["horizontal", "vertical"], ["left", "top", "right", "bottom"],
                [self.pick(["left", "right"]), self.pick(["top", "bottom"])])[shape]
        out = {}
        for k in keys:
            # "Auto margins": only named edges take auto.
            if auto_ok and shape >= 2 and self.chance(0.2):
                out[k] = "auto"
            elif negative_ok and self.chance(0.15):
                out[k] = -self.points(1, 15, 1)
            elif percent_ok and self.chance(0.2):
                out[k] = f"{self.points(1, 10, 1)}%"
            else:
                out[k] = self.points(lo, hi, 1)
        return out

    # trees ---------------------------------------------------------------------------------
    def case(self, index):
        width = None if self.chance(0.1) else self.points(80, 400, 10)
        height = None if self.chance(0.15) else self.points(80, 400, 10)
        direction = "rtl" if self.chance(0.25) else "ltr"
        self.count = 1
        root_ctx = {"definite_w": width is not None, "definite_h": height is not None,
                    "hug": width is None or height is None}
        is_grid = self.chance(0.2)
        style = self.grid_style(root_ctx) if is_grid else self.flex_style(root_ctx, True)
        root = node(style)
        self.fill(root, root_ctx, 1)
        return case(f"random/{index:04d}", root, width, height, direction)

    def flex_style(self, ctx, is_root):
        s = {}
        if self.chance(0.8):
            s["flexDirection"] = self.pick(DIRECTIONS)
        if self.chance(0.45):
            s["justifyContent"] = self.pick(JUSTIFY_FLEX)
        if self.chance(0.35):
            s["alignItems"] = self.pick(ALIGN_ITEMS_FLEX)
        row = s.get("flexDirection", "column").startswith("row")
        main_definite = ctx["definite_w"] if row else ctx["definite_h"]
        # Wrapping only where the main size is definite: a hugging wrap container is sized
        # by its longest line in Yoga but by its max-content size in CSS ("Wrap").
        if main_definite and self.chance(0.3):
            s["flexWrap"] = self.pick(["wrap", "wrap", "wrap-reverse"])
            if self.chance(0.6):
                # space-around over overflowing lines differs ("align-content").
                s["alignContent"] = self.pick([a for a in ALIGN_CONTENT_FLEX
                                               if a != "space-around"])
        if self.chance(0.25):
            s["padding"] = self.edges(1, 12, percent_ok=not ctx["hug"])
        if self.chance(0.15):
            s["border"] = {k: v for k, v in self.edges(1, 6, False).items()}
        if self.chance(0.25):
            s["gap"] = self.pick([{"all": self.points(1, 12, 1)},
                                  {"column": self.points(1, 12, 1)},
                                  {"row": self.points(1, 12, 1)},
                                  {"column": self.points(1, 12, 1),
                                   "row": self.points(1, 12, 1)}])
        if not is_root and self.chance(0.1):
            s["direction"] = self.pick(["ltr", "rtl"])
        return s

    def grid_style(self, ctx):
        tracks_pool = ["40", "60", "25%", "1fr", "2fr", "auto", "minmax(20,1fr)",
                       "minmax(30,auto)", "minmax(10,60)"]
        fixed_pool = ["40", "60", "30", "minmax(10,60)"]
        pool_w = tracks_pool if ctx["definite_w"] else fixed_pool
        pool_h = tracks_pool if ctx["definite_h"] else fixed_pool
        s = {"display": "grid",
             "gridTemplateColumns": [self.pick(pool_w) for _ in range(self.rng.randrange(1, 5))]}
        if self.chance(0.7):
            s["gridTemplateRows"] = [self.pick(pool_h) for _ in range(self.rng.randrange(1, 4))]
        if self.chance(0.4):
            s["gridAutoRows"] = [self.pick(["30", "auto", "minmax(20,auto)"] if ctx["definite_h"]
                                           else ["30", "20"])]
        if self.chance(0.4):
            s["justifyItems"] = self.pick(JUSTIFY_ITEMS_GRID)
        if self.chance(0.4):
            s["alignItems"] = self.pick(ALIGN_ITEMS_GRID)
        if ctx["definite_w"] and self.chance(0.3):
            s["justifyContent"] = self.pick(CONTENT_GRID_JUSTIFY)
        if ctx["definite_h"] and self.chance(0.3):
            s["alignContent"] = self.pick(CONTENT_GRID_ALIGN)
        if self.chance(0.4):
            s["gap"] = self.pick([{"all": self.points(1, 10, 1)},
                                  {"column": self.points(1, 10, 1),
                                   "row": self.points(1, 10, 1)}])
        if self.chance(0.3):
            s["padding"] = self.edges(1, 10, percent_ok=False)
        if self.chance(0.2):
            s["border"] = self.edges(1, 4, False)
        return s

    def fill(self, parent, ctx, depth):
        ps = parent["style"]
        is_grid = ps.get("display") == "grid"
        # Up to eight children at the root (usually fewer), fewer further down.
        limit = self.MAX_CHILDREN if depth == 1 else max(1, self.MAX_CHILDREN // (2 * depth))
        n = min(self.rng.randrange(1, limit + 1) for _ in range(3))
        for _ in range(n):
            if self.count >= self.MAX_NODES:
                break
            self.count += 1
            child = self.grid_item(parent, ctx) if is_grid else self.flex_item(parent, ctx)
            parent["children"].append(child)
            cs = child["style"]
            if cs.get("display") == "none":
                continue
            if depth < self.MAX_DEPTH - 1 and self.count < self.MAX_NODES and self.chance(0.35):
                child_ctx = self.child_context(parent, child, ctx)
                if child_ctx["grid_ok"] and self.chance(0.15):
                    cs.update(self.grid_style(child_ctx))
                else:
                    for k, v in self.flex_style(child_ctx, False).items():
                        cs.setdefault(k, v)
                self.fill(child, child_ctx, depth + 1)

    def child_context(self, parent, child, ctx):
        cs = child["style"]
        pdir = parent["style"].get("flexDirection", "column")
        is_grid_parent = parent["style"].get("display") == "grid"
        row_parent = pdir.startswith("row")
        stretch = parent["style"].get("alignItems", "stretch") == "stretch" and \
            cs.get("alignSelf", "auto") in ("auto", "stretch")

        def definite(dim, main):
            v = cs.get(dim)
            if isinstance(v, (int, float)):
                return True
            if is_percent(v):
                return ctx["definite_w" if dim == "width" else "definite_h"]
            if is_grid_parent or cs.get("positionType") == "absolute":
                return False
            if main:
                return False
            return stretch and ctx["definite_w" if dim == "width" else "definite_h"]

        w = definite("width", row_parent)
        h = definite("height", not row_parent)
        return {"definite_w": w, "definite_h": h, "hug": not (w and h),
                "grid_ok": w and h and cs.get("positionType") != "absolute"}

    def flex_item(self, parent, ctx):
        ps = parent["style"]
        s = {}
        hugging = ctx["hug"]
        # Percentages only against definite sizes: Yoga resolves a percentage of an undefined
        # size to undefined while CSS resolves it after sizing the parent ("Percentages").
        pw = ctx["definite_w"]
        ph = ctx["definite_h"]
        if self.chance(0.6):
            s["width"] = self.length(5, 120, pw)
        if self.chance(0.6):
            s["height"] = self.length(5, 120, ph)
        if self.chance(0.25):
            s["flexGrow"] = self.pick([1, 1, 2, 0.5, 3])
        if self.chance(0.2):
            s["flexShrink"] = self.pick([1, 1, 2, 1.5])
        if self.chance(0.15):
            row = ps.get("flexDirection", "column").startswith("row")
            s["flexBasis"] = self.length(0, 100, pw if row else ph, 10, 60)
        if self.chance(0.2):
            key = self.pick(["minWidth", "maxWidth", "minHeight", "maxHeight"])
            s[key] = self.length(10, 120, pw if "Width" in key else ph)
        if self.chance(0.2):
            s["margin"] = self.edges(1, 10, percent_ok=pw, auto_ok=True, negative_ok=True)
        if self.chance(0.15):
            s["alignSelf"] = self.pick(ALIGN_ITEMS_FLEX)
        if self.chance(0.12):
            s["padding"] = self.edges(1, 8, percent_ok=pw)
        if self.chance(0.08) and not hugging:
            self.make_absolute(s, ps, pw, ph)
        elif self.chance(0.1):
            s["position"] = {self.pick(["left", "right"]): self.points(-10, 20, 1),
                             self.pick(["top", "bottom"]): self.points(-10, 20, 1)}
        if self.chance(0.04):
            s["display"] = "none"
        if self.chance(0.06):
            s["aspectRatio"] = self.pick([1, 2, 0.5, 1.5])
        if self.chance(0.05):
            s["overflow"] = self.pick(["hidden", "scroll"])
        if self.chance(0.04) and "position" not in s and "positionType" not in s:
            s["positionType"] = "static"
        return node(s)

    def make_absolute(self, s, ps, pw, ph):
        """An absolutely positioned child with an inset on both axes (README.md, "Absolute")."""
        s["positionType"] = "absolute"
        padded = bool(ps.get("padding"))
        pos = {}
        for pair in (("left", "right"), ("top", "bottom")):
            keys = self.pick([[pair[0]], [pair[1]], [pair[0], pair[1]]])
            for k in keys:
                pct_ok = not padded and (pw if k in ("left", "right") else ph)
                pos[k] = self.length(0, 40, pct_ok, 0, 30)
        s["position"] = pos
        for dim, ok in (("width", pw), ("height", ph)):
            if dim in s and is_percent(s[dim]) and padded:
                s[dim] = self.points(10, 80)
        s.pop("flexGrow", None)
        s.pop("flexShrink", None)
        s.pop("flexBasis", None)
        s.pop("alignSelf", None)
        if "margin" in s:
            s["margin"] = {k: v for k, v in s["margin"].items() if v != "auto" and
                           not (is_percent(v) and padded)}

    def grid_item(self, parent, ctx):
        ps = parent["style"]
        s = {}
        ncols = len(ps.get("gridTemplateColumns", []))
        nrows = len(ps.get("gridTemplateRows", []))
        if self.chance(0.35):
            s["gridColumnStart"] = self.pick([k for k in range(1, ncols + 2)] +
                                             [-k for k in range(1, ncols + 2)] + ["span 2"])
            if self.chance(0.4):
                s["gridColumnEnd"] = self.pick(["span 2", "span 1", ncols + 1, -1])
        if self.chance(0.3) and nrows:
            s["gridRowStart"] = self.pick([k for k in range(1, nrows + 2)] + ["span 2"])
        if self.chance(0.5):
            s["width"] = self.points(5, 60)
        if self.chance(0.5):
            s["height"] = self.points(5, 60)
        if self.chance(0.3):
            s["justifySelf"] = self.pick(("auto",) + JUSTIFY_ITEMS_GRID)
        if self.chance(0.3):
            s["alignSelf"] = self.pick(("auto",) + ALIGN_ITEMS_GRID)
        if self.chance(0.2):
            s["margin"] = self.edges(1, 8, percent_ok=False, auto_ok=True)
        if self.chance(0.1):
            s["position"] = {self.pick(["left", "right"]): self.points(-10, 20, 1),
                             self.pick(["top", "bottom"]): self.points(-10, 20, 1)}
        return node(s)


def group_random(seed=DEFAULT_SEED, count=DEFAULT_COUNT):
    trees = RandomTrees(seed)
    out = []
    for i in range(count):
        c = trees.case(i)
        agree(c)
        out.append(c)
    return out


# ---------------------------------------------------------------------------------------------
# The agreement pass: rewrites a drawn tree so that it stays inside the configurations where
# Yoga 2.0.1 (as Rive's fork computes it) and CSS agree. Each rule names its README.md entry.


def is_row(flex_direction):
    return flex_direction in ("row", "row-reverse")


def reversed_horizontally(flex_direction, direction):
    """Whether the axis Yoga lays out horizontally runs right to left for this node."""
    if flex_direction == "row":
        return direction == "rtl"
    if flex_direction == "row-reverse":
        return direction != "rtl"
    return direction == "rtl"


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def resolve_points(v, reference):
    """A VALUE in points, or None when it is not known without laying out."""
    if number(v):
        return float(v)
    if is_percent(v) and reference is not None:
        return float(v[:-1]) * reference / 100.0
    return None


def edge_points(edges, side, direction, reference):
    v = physical_edges(edges, direction).get(side, 0)
    if v == "auto":
        return 0.0
    return resolve_points(v, reference)


def box_points(style, dim, parent_inner):
    """The node's border-box size in points from its own style, or None."""
    size = resolve_points(style.get(dim), parent_inner)
    cap = {"width": "Width", "height": "Height"}[dim]
    lo = resolve_points(style.get("min" + cap), parent_inner)
    hi = resolve_points(style.get("max" + cap), parent_inner)
    if size is None:
        return None
    if hi is not None:
        size = min(size, hi)
    if lo is not None:
        size = max(size, lo)
    return size


def inner_points(style, outer_w, outer_h, direction, ref_w):
    """Content-box width and height of a node whose border box is known (None otherwise).
    Percent padding resolves against ref_w, the width of the parent's content box."""
    out = []
    for outer, sides in ((outer_w, ("left", "right")), (outer_h, ("top", "bottom"))):
        if outer is None:
            out.append(None)
            continue
        total = 0.0
        for side in sides:
            p = edge_points(style.get("padding", {}), side, direction, ref_w)
            b = edge_points(style.get("border", {}), side, direction, None)
            if p is None or b is None:
                total = None
                break
            total += p + b
        out.append(None if total is None else max(0.0, outer - total))
    return out


def in_flow(child):
    cs = child["style"]
    return cs.get("positionType") != "absolute" and cs.get("display") != "none"


def main_extent(child, row, inner_w, inner_h, direction):
    """A child's outer size along the parent's main axis before growing, or None."""
    cs = child["style"]
    dim = "width" if row else "height"
    ref = inner_w if row else inner_h
    basis = cs.get("flexBasis", "auto")
    if basis != "auto":
        size = resolve_points(basis, ref)
        if size is None:
            return None
        size = box_points(dict(cs, **{dim: size}), dim, ref)
    else:
        size = box_points(cs, dim, ref)
    if size is None and (child["children"] or cs.get("aspectRatio") is not None):
        return None
    floor = 0.0
    for side in (("left", "right") if row else ("top", "bottom")):
        p = edge_points(cs.get("padding", {}), side, direction, inner_w)
        b = edge_points(cs.get("border", {}), side, direction, None)
        if p is None or b is None:
            return None
        floor += p + b
    if size is None:
        cap = "Width" if row else "Height"
        lo = resolve_points(cs.get("min" + cap), ref)
        if "min" + cap in cs and lo is None:
            return None
        size = lo or 0.0
    size = max(size, floor)
    margins = 0.0
    for side in (("left", "right") if row else ("top", "bottom")):
        m = edge_points(cs.get("margin", {}), side, direction, inner_w)
        if m is None:
            return None
        margins += m
    return size + margins


def main_axis_fits(container, inner_w, inner_h, direction):
    """True when the in-flow children provably leave no negative free space on the main axis."""
    s = container["style"]
    row = is_row(s.get("flexDirection", "column"))
    inner = inner_w if row else inner_h
    if inner is None:
        return False
    kids = [c for c in container["children"] if in_flow(c)]
    total = 0.0
    for c in kids:
        e = main_extent(c, row, inner_w, inner_h, direction)
        if e is None:
            return False
        total += e
    gap = s.get("gap", {})
    g = gap.get("column" if row else "row", gap.get("all", 0))
    if not number(g):
        return False
    total += g * max(0, len(kids) - 1)
    return total <= inner + 1e-6


def strip_auto(edges, sides):
    return {k: v for k, v in edges.items() if not (v == "auto" and k in sides)}


def agree(c):
    """Applies the rules until none changes the case any more."""
    for _ in range(8):
        before = json.dumps(c, sort_keys=True)
        agree_once(c)
        if json.dumps(c, sort_keys=True) == before:
            return
    raise GeneratorError(f"{c['name']}: the agreement pass does not settle")


def agree_once(c):
    root = c["root"]
    direction = c["direction"] if c["direction"] in ("ltr", "rtl") else "ltr"
    direction = resolved_direction(root["style"], direction)
    rs = root["style"]
    for key, avail in (("width", c["width"]), ("height", c["height"])):
        cap = key.capitalize()
        for k in (key, "min" + cap, "max" + cap):
            if is_percent(rs.get(k)) and avail is None:
                del rs[k]
    w = box_points(rs, "width", c["width"])
    h = box_points(rs, "height", c["height"])
    if w is None and "maxWidth" not in rs and "width" not in rs and c["width"] is not None:
        w = box_points(dict(rs, width=c["width"]), "width", c["width"])
    if h is None and "maxHeight" not in rs and "height" not in rs and c["height"] is not None:
        h = box_points(dict(rs, height=c["height"]), "height", c["height"])
    agree_node(root, direction, w, h, c["width"])


SIZE_KEYS = {"width": ("width", "minWidth", "maxWidth"),
             "height": ("height", "minHeight", "maxHeight")}


def drop_unresolvable_percent(cs, inner_w, inner_h, main_dim):
    """"Percentages": only against a size both engines know before laying the child out."""
    for dim, ref in (("width", inner_w), ("height", inner_h)):
        for k in SIZE_KEYS[dim]:
            if is_percent(cs.get(k)) and ref is None:
                del cs[k]
    if is_percent(cs.get("flexBasis")) and (inner_w if main_dim == "width" else inner_h) is None:
        del cs["flexBasis"]
    for key in ("margin", "padding", "position"):
        if key in cs:
            kept = {}
            for e, v in cs[key].items():
                ref = inner_w
                if key == "position" and e in ("top", "bottom", "vertical"):
                    ref = inner_h
                if key == "position" and e in ("all",):
                    ref = inner_w if inner_h is not None else None
                if is_percent(v) and ref is None:
                    continue
                kept[e] = v
            if kept:
                cs[key] = kept
            else:
                del cs[key]


def stretched(parent_style, child_style):
    """Whether a flex item stretches across its line (no auto margin on the cross axis)."""
    a = child_style.get("alignSelf", "auto")
    if a == "auto":
        a = parent_style.get("alignItems", "stretch")
    cross = ("top", "bottom") if is_row(parent_style.get("flexDirection", "column")) \
        else ("left", "right")
    margins = child_style.get("margin", {})
    if any(margins.get(k) == "auto" for k in cross):
        return False
    return a == "stretch"


def cross_padding_border(style, row, direction, ref_w):
    sides = ("top", "bottom") if row else ("left", "right")
    out = []
    for side in sides:
        p = edge_points(style.get("padding", {}), side, direction, ref_w)
        b = edge_points(style.get("border", {}), side, direction, None)
        out.append(None if p is None or b is None else p + b)
    return out


def clean_shrink(n, inner_w, inner_h, direction):
    """"Shrinking": keep flex-shrink only where CSS shrinks every item without clamping it and
    no shrinking item has main-axis padding or border (CSS weighs the content-box basis)."""
    s = n["style"]
    row = is_row(s.get("flexDirection", "column"))
    kids = [c for c in n["children"] if in_flow(c)]
    shrinkers = [c for c in kids if c["style"].get("flexShrink", 0) > 0]
    if not shrinkers or main_axis_fits(n, inner_w, inner_h, direction):
        return
    inner = inner_w if row else inner_h
    ok = inner is not None and s.get("flexWrap", "nowrap") == "nowrap"
    extents = []
    if ok:
        for c in kids:
            e = main_extent(c, row, inner_w, inner_h, direction)
            if e is None:
                ok = False
                break
            extents.append(e)
    if ok:
        gap = s.get("gap", {})
        g = gap.get("column" if row else "row", gap.get("all", 0))
        free = inner - sum(extents) - (g if number(g) else 0) * max(0, len(kids) - 1)
        weights = []
        bases = []
        for c, e in zip(kids, extents):
            cs = c["style"]
            f = cs.get("flexShrink", 0)
            if f > 0:
                pb = 0.0
                for side in (("left", "right") if row else ("top", "bottom")):
                    p = edge_points(cs.get("padding", {}), side, direction, inner_w)
                    b = edge_points(cs.get("border", {}), side, direction, None)
                    pb += (p or 0) + (b or 0)
                if pb > 0 or c["children"]:
                    ok = False
            margins = 0.0
            for side in (("left", "right") if row else ("top", "bottom")):
                margins += edge_points(cs.get("margin", {}), side, direction, inner_w) or 0.0
            weights.append(f * (e - margins))
            bases.append(e - margins)
        total = sum(weights)
        if ok and total > 0:
            for c, base, wgt in zip(kids, bases, weights):
                if wgt > 0:
                    size = base + free * wgt / total
                    cap = "Width" if row else "Height"
                    lo = resolve_points(c["style"].get("min" + cap, 0), inner) or 0.0
                    # Keep a clear distance from the floor: an item shrunk to (almost) its
                    # minimum is where the two algorithms part.
                    if size < lo + 1:
                        ok = False
        elif total <= 0:
            ok = False
    if not ok:
        for c in shrinkers:
            del c["style"]["flexShrink"]


def placement_ok(start, end, explicit_tracks):
    """Whether a line pair resolves to lines >= 1 (no implicit tracks before the explicit grid,
    whose placement the fork and Chromium resolve differently), with no line 0 (invalid CSS)."""
    def line(v):
        return v if v > 0 else explicit_tracks + 1 + v

    def span(v):
        return int(v.split()[1]) if isinstance(v, str) and v.startswith("span") else None

    for v in (start, end):
        if v == 0 or (span(v) is not None and span(v) < 1):
            return False
    s_int = isinstance(start, int) and not isinstance(start, bool)
    e_int = isinstance(end, int) and not isinstance(end, bool)
    if s_int and e_int:
        return min(line(start), line(end)) >= 1
    if s_int:
        return line(start) >= 1
    if e_int:
        return line(end) - (span(start) or 1) >= 1
    return True


def spans_several(start, end):
    def span(v):
        return int(v.split()[1]) if isinstance(v, str) and v.startswith("span") else None
    if (span(start) or 1) > 1 or (span(end) or 1) > 1:
        return True
    if isinstance(start, int) and isinstance(end, int):
        return abs(start - end) > 1
    return False


def intrinsic_axis(style, template_key, auto_key, size_known):
    tracks = list(style.get(template_key, [])) + list(style.get(auto_key, []) or ["auto"])
    return any("auto" in t or ("%" in t and not size_known) for t in tracks)


FLEX_VALUE = {"start": "flex-start", "end": "flex-end", "stretch": "flex-start",
              "auto": "flex-start", "space-evenly": "flex-start"}
GRID_VALUE = {"flex-end": "end", "flex-start": "start"}


def agree_grid(n, inner_w, inner_h):
    s = n["style"]
    # "Grid": on an axis of unknown size the fork floors the tracks' total at the padding and
    # border and then adds them again.
    for ref, sides in ((inner_w, ("left", "right", "horizontal", "start", "end")),
                       (inner_h, ("top", "bottom", "vertical"))):
        if ref is None:
            for key in ("padding", "border"):
                if key in s:
                    kept = physical_edges(s[key], "ltr")
                    kept = {k: v for k, v in kept.items() if k not in sides}
                    if kept:
                        s[key] = kept
                    else:
                        del s[key]
    # "Grid": alignment values the fork's grid code reads as start; flex-start stays.
    for key in ("justifyItems", "justifyContent", "alignContent"):
        if s.get(key) in GRID_VALUE:
            s[key] = GRID_VALUE[s[key]]
    if s.get("alignItems") == "flex-end":
        s["alignItems"] = "end"
    if s.get("alignItems") in ("baseline", "space-between", "space-around", "space-evenly"):
        s["alignItems"] = "start"
    for key, ref in (("gridTemplateColumns", inner_w), ("gridAutoColumns", inner_w),
                     ("gridTemplateRows", inner_h), ("gridAutoRows", inner_h)):
        if key in s and ref is None:
            # "Grid": percentage tracks only against a known container size.
            s[key] = ["40" if "%" in t else t for t in s[key]]
    # "Grid": a grid without items is sized by Yoga's early exit for childless nodes.
    if not any(in_flow(c) for c in n["children"]):
        n["children"].append(node())
    for child in n["children"]:
        cs = child["style"]
        for a, b, key in (("gridColumnStart", "gridColumnEnd", "gridTemplateColumns"),
                          ("gridRowStart", "gridRowEnd", "gridTemplateRows")):
            if not placement_ok(cs.get(a, "auto"), cs.get(b, "auto"), len(s.get(key, []))):
                cs.pop(a, None)
                cs.pop(b, None)
            # "Grid": an item spanning several tracks of an axis with intrinsic tracks; the
            # fork and Chromium share out its size differently when a spanned track is empty.
            auto_key = "gridAutoColumns" if key == "gridTemplateColumns" else "gridAutoRows"
            known = (inner_w if key == "gridTemplateColumns" else inner_h) is not None
            if intrinsic_axis(s, key, auto_key, known) and \
                    spans_several(cs.get(a, "auto"), cs.get(b, "auto")):
                cs.pop(a, None)
                cs.pop(b, None)
        if cs.get("justifySelf") in GRID_VALUE:
            cs["justifySelf"] = GRID_VALUE[cs["justifySelf"]]
        if cs.get("alignSelf") == "flex-end":
            cs["alignSelf"] = "end"
        if cs.get("alignSelf") in ("baseline", "space-between", "space-around",
                                   "space-evenly"):
            cs["alignSelf"] = "start"
        # "Grid": with an auto margin an overflowing item keeps its self-alignment in the
        # fork but not in CSS, so such items align to the start of their area.
        m = cs.get("margin", {})
        if m.get("left") == "auto" or m.get("right") == "auto":
            cs["justifySelf"] = "start"
        if m.get("top") == "auto" or m.get("bottom") == "auto":
            cs["alignSelf"] = "start"
        # "Content-sized containers" also inside grid areas.
        if child["children"] and cs.get("display") != "none":
            for k in ("minWidth", "maxWidth", "minHeight", "maxHeight"):
                cs.pop(k, None)
            if not number(cs.get("width")):
                cs["width"] = 40 + 10 * (len(child["children"]) % 4)
            if not number(cs.get("height")):
                cs["height"] = 50 + 10 * (len(child["children"]) % 3)


def agree_node(n, direction, outer_w, outer_h, ref_w):
    s = n["style"]
    inner_w, inner_h = inner_points(s, outer_w, outer_h, direction, ref_w)
    fd = s.get("flexDirection", "column")
    row = is_row(fd)
    grid_container = s.get("display") == "grid"
    wrap = s.get("flexWrap", "nowrap")
    if grid_container:
        agree_grid(n, inner_w, inner_h)
    else:
        # "Grid": values the 2.0.1 flex code has no case for.
        for key in ("justifyContent", "alignItems", "alignContent"):
            if s.get(key) in FLEX_VALUE:
                s[key] = FLEX_VALUE[s[key]]
        if s.get("alignContent") == "baseline" or s.get("alignItems") in (
                "baseline", "space-between", "space-around"):
            s.pop("alignContent" if s.get("alignContent") == "baseline" else "alignItems")
        for child in n["children"]:
            a = child["style"].get("alignSelf")
            if a in FLEX_VALUE and a != "auto":
                child["style"]["alignSelf"] = FLEX_VALUE[a]
            if a in ("baseline", "space-between", "space-around"):
                del child["style"]["alignSelf"]
        for child in n["children"]:
            drop_unresolvable_percent(child["style"], inner_w, inner_h,
                                      "width" if row else "height")
        if wrap == "wrap-reverse":
            lead, trail = cross_padding_border(s, row, direction, ref_w)
            # "Wrap": Yoga 2.0.1 mirrors wrap-reverse lines around the border box.
            if lead is None or trail is None or abs(lead - trail) > 1e-6:
                s["flexWrap"] = wrap = "wrap"
        # "Gaps": a percentage gap along the main axis resolves against the owner's width in
        # Yoga 2.0.1; across the lines both engines use the container's cross size.
        gap = s.get("gap")
        if gap:
            main_gap = "column" if row else "row"
            if is_percent(gap.get(main_gap, gap.get("all"))):
                gap[main_gap] = 0
        fits = main_axis_fits(n, inner_w, inner_h, direction)
        # "Justify": space-around/space-evenly over negative free space.
        if s.get("justifyContent") in ("space-around", "space-evenly") and not fits:
            s["justifyContent"] = "space-between"
        main_sides = ("left", "right") if row else ("top", "bottom")
        cross_sides = ("top", "bottom") if row else ("left", "right")
        main_dim = "width" if row else "height"
        cross_dim = "height" if row else "width"
        main_inner = inner_w if row else inner_h
        for child in n["children"]:
            cs = child["style"]
            absolute = cs.get("positionType") == "absolute"
            # "display: none": Yoga 2.0.1 still counts a hidden child's auto margins.
            if cs.get("display") == "none" and "margin" in cs:
                cs["margin"] = {k: v for k, v in cs["margin"].items() if v != "auto"}
                if not cs["margin"]:
                    del cs["margin"]
            # "Auto margins": main-axis auto margins only where the free space is not negative.
            if not fits and "margin" in cs:
                cs["margin"] = strip_auto(cs["margin"], main_sides)
                if not cs["margin"]:
                    del cs["margin"]
            # "Flex basis": a basis only where the container's main size is known.
            if main_inner is None:
                cs.pop("flexBasis", None)
            # "min/max": main-axis limits only beside a main size or basis in points, and on a
            # flexible item only limits that do not clamp its basis (Yoga 2.0.1 clamps the
            # basis before computing the free space, CSS after).
            cap = main_dim.capitalize()
            if not absolute and not number(cs.get(main_dim)) and \
                    not number(cs.get("flexBasis")):
                cs.pop("min" + cap, None)
                cs.pop("max" + cap, None)
            if not absolute and (cs.get("flexGrow", 0) > 0 or cs.get("flexShrink", 0) > 0):
                base = cs.get("flexBasis", "auto")
                base = resolve_points(cs.get(main_dim) if base == "auto" else base,
                                      main_inner)
                lo = resolve_points(cs.get("min" + cap), main_inner)
                hi = resolve_points(cs.get("max" + cap), main_inner)
                if "min" + cap in cs and (base is None or lo is None or lo > base):
                    del cs["min" + cap]
                if "max" + cap in cs and (base is None or hi is None or hi < base):
                    del cs["max" + cap]
            if child["children"]:
                # "Content-sized containers": Yoga 2.0.1 measures a child without a size
                # at most as large as its parent, and stretched grandchildren then fill that;
                # random containers get their size in points (hug sizing is covered by the
                # hand-written families where both engines agree).
                for k in ("minWidth", "maxWidth", "minHeight", "maxHeight"):
                    cs.pop(k, None)
                if not number(cs.get(main_dim)) and not (number(cs.get("flexBasis")) and
                                                         not absolute):
                    cs[main_dim] = 40 + 10 * (len(child["children"]) % 4)
                cross_known = (inner_h if row else inner_w) is not None
                if not number(cs.get(cross_dim)) and (absolute or wrap != "nowrap" or
                                                      not stretched(s, cs) or
                                                      not cross_known):
                    cs[cross_dim] = 50 + 10 * (len(child["children"]) % 3)
            if wrap != "nowrap" and not absolute:
                # "Wrap": Yoga 2.0.1 drops relative insets on the cross axis of a multi-line
                # container, and adds a stretched item's cross-axis margins to its main size.
                if "position" in cs:
                    kept = {k: v for k, v in physical_edges(cs["position"], direction).items()
                            if k not in cross_sides}
                    if kept:
                        cs["position"] = kept
                    else:
                        del cs["position"]
                if "margin" in cs:
                    kept = {k: v for k, v in physical_edges(cs["margin"], direction).items()
                            if k not in cross_sides}
                    if kept:
                        cs["margin"] = kept
                    else:
                        del cs["margin"]
                # Stretching to a line, and centring in it, follow other rules in Yoga 2.0.1's
                # multi-line pass: items in wrapping containers keep a cross size or start.
                if stretched(s, cs) and not number(cs.get(cross_dim)):
                    cs["alignSelf"] = "flex-start"
                # "Wrap": lines are broken at each item's flex basis, which Yoga measures
                # differently for containers; keep items with children at a fixed main size.
                if child["children"] and not number(cs.get(main_dim)):
                    cs[main_dim] = 40
                if wrap == "wrap-reverse" and cs.get("display") == "none":
                    del cs["display"]
            # "align-content": space-between/space-around make Yoga 2.0.1 grow the lines, so
            # no item may stretch to its line.
            if wrap != "nowrap" and s.get("alignContent") in ("space-between", "space-around") \
                    and not absolute:
                cs["alignSelf"] = "flex-start"
        clean_shrink(n, inner_w, inner_h, direction)
    for child in n["children"]:
        agree_child(n, child, direction, inner_w, inner_h)
        cs = child["style"]
        cdir = resolved_direction(cs, direction)
        cw = box_points(cs, "width", inner_w)
        ch = box_points(cs, "height", inner_h)
        if not grid_container and cs.get("positionType") != "absolute":
            # The main size is only known when neither the basis nor flexing changes it.
            flexes = cs.get("flexGrow", 0) > 0 or cs.get("flexShrink", 0) > 0
            basis = cs.get("flexBasis", "auto")
            if flexes or basis != "auto":
                known = None
                if not flexes:
                    known = box_points(dict(cs, **{"width" if row else "height": basis}),
                                       "width" if row else "height",
                                       inner_w if row else inner_h)
                if row:
                    cw = known
                else:
                    ch = known
        if not grid_container and wrap == "nowrap" and cs.get("positionType") != "absolute" \
                and stretched(s, cs):
            cross_inner = inner_h if row else inner_w
            if cross_inner is not None and (ch if row else cw) is None:
                lo, hi = 0.0, 0.0
                for side in (("top", "bottom") if row else ("left", "right")):
                    m = edge_points(cs.get("margin", {}), side, cdir, inner_w)
                    if m is None or physical_edges(cs.get("margin", {}), cdir).get(side) == \
                            "auto":
                        lo = None
                        break
                    lo += m
                if lo is not None and not any(k in cs for k in ("minWidth", "maxWidth",
                                                                 "minHeight", "maxHeight",
                                                                 "aspectRatio")):
                    if row:
                        ch = max(0.0, cross_inner - lo)
                    else:
                        cw = max(0.0, cross_inner - lo)
        agree_node(child, cdir, cw, ch, inner_w)


def agree_child(parent, child, direction, inner_w, inner_h):
    ps, cs = parent["style"], child["style"]
    grid_parent = ps.get("display") == "grid"
    pfd = ps.get("flexDirection", "column")
    cfd = cs.get("flexDirection", "column")
    cdir = resolved_direction(cs, direction)
    absolute = cs.get("positionType") == "absolute"
    # "min/max": a maximum below the padding and border, which floor the border box in both
    # engines, enters Yoga 2.0.1's free space unfloored.
    for cap, ref, sides in (("Width", inner_w, ("left", "right")),
                            ("Height", inner_h, ("top", "bottom"))):
        if "max" + cap in cs:
            hi = resolve_points(cs["max" + cap], ref)
            floor = 0.0
            for side in sides:
                p = edge_points(cs.get("padding", {}), side, cdir, inner_w)
                b = edge_points(cs.get("border", {}), side, cdir, None)
                floor = None if p is None or b is None or floor is None else floor + p + b
            if hi is None or floor is None or hi < floor:
                del cs["max" + cap]
    # "Aspect ratio": no min/max beside an aspect ratio; the ratio derives one size from the
    # other given in points, on an item that neither stretches nor flexes (Yoga 2.0.1 lets the
    # ratio beat stretch and feeds it the flex basis; CSS does neither).
    if "aspectRatio" in cs:
        # Padding or border larger than the given size floors the box in CSS before the ratio
        # applies, in Yoga after: none beside a ratio.
        for k in ("minWidth", "maxWidth", "minHeight", "maxHeight", "flexBasis", "flexGrow",
                  "flexShrink", "padding", "border"):
            cs.pop(k, None)
        if child["children"] or grid_parent:
            del cs["aspectRatio"]
        else:
            given = [k for k in ("width", "height") if number(cs.get(k))]
            if len(given) != 1:
                cs.pop("height", None)
                cs["width"] = cs["width"] if number(cs.get("width")) else 40
                given = ["width"]
            for k in ("width", "height"):
                if k not in given:
                    cs.pop(k, None)
            if not absolute and stretched(ps, cs):
                cs["alignSelf"] = "flex-start"
            if absolute and "position" in cs:
                sides = physical_edges(cs["position"], cdir)
                for pair in (("left", "right"), ("top", "bottom")):
                    if all(k in sides for k in pair):
                        del sides[pair[1]]
                cs["position"] = sides
    # "Shrinking past a maximum": a shrinking item's main-axis maximum not below its basis.
    if not grid_parent and cs.get("flexShrink", 0) > 0:
        cap = "Width" if is_row(pfd) else "Height"
        cs.pop("max" + cap, None)
    if not grid_parent:
        # "min/max": percentages of limits resolve against other sizes in Yoga 2.0.1 on the
        # main axis, and against the parent's border box on the cross axis.
        main_cap = "Width" if is_row(pfd) else "Height"
        cross_cap = "Height" if is_row(pfd) else "Width"
        cross_sides = ("top", "bottom") if is_row(pfd) else ("left", "right")
        pb = 0.0
        for side in cross_sides:
            p = edge_points(ps.get("padding", {}), side, direction, inner_w)
            b = edge_points(ps.get("border", {}), side, direction, None)
            pb = None if p is None or b is None or pb is None else pb + p + b
        for k in ("min" + main_cap, "max" + main_cap):
            if is_percent(cs.get(k)):
                del cs[k]
        for k in ("min" + cross_cap, "max" + cross_cap):
            if is_percent(cs.get(k)) and pb != 0:
                del cs[k]
        # "Flexible items": a lone item that both grows and shrinks starts from a zero basis
        # in Yoga 2.0.1, which only agrees when it takes all the free space.
        if cs.get("flexGrow", 0) > 0 and cs.get("flexShrink", 0) > 0 and cs["flexGrow"] < 1:
            cs["flexGrow"] = 1
    if absolute:
        # "Absolute": percentages of margins, padding and limits resolve against the child's
        # own size in Yoga 2.0.1, and without an inset an axis ignores the parent's padding.
        for k in ("minWidth", "maxWidth", "minHeight", "maxHeight"):
            if is_percent(cs.get(k)):
                del cs[k]
        for key in ("margin", "padding"):
            if key in cs:
                cs[key] = {k: v for k, v in cs[key].items() if not is_percent(v)}
                if not cs[key]:
                    del cs[key]
        if not grid_parent:
            sides = physical_edges(cs.get("position", {}), cdir)
            if "left" not in sides and "right" not in sides:
                sides["left"] = 0
            if "top" not in sides and "bottom" not in sides:
                sides["top"] = 0
            cs["position"] = sides
            pos = sides
            # A size from two insets is clamped with its margins included in Yoga 2.0.1.
            for pair, cap in ((("left", "right"), "Width"), (("top", "bottom"), "Height")):
                if all(k in sides for k in pair) and ("width" if cap == "Width"
                                                      else "height") not in cs:
                    cs.pop("min" + cap, None)
                    cs.pop("max" + cap, None)
                    if "margin" in cs:
                        kept = {k: v for k, v in physical_edges(cs["margin"], cdir).items()
                                if k not in pair}
                        if kept:
                            cs["margin"] = kept
                        else:
                            del cs["margin"]
    # "position: static": Yoga 2.0.1 applies insets to static nodes and makes them the
    # containing block of absolute children; CSS does neither.
    if cs.get("positionType") == "static":
        if "position" in cs or any(c["style"].get("positionType") == "absolute"
                                   for c in child["children"]):
            del cs["positionType"]
    pos = cs.get("position")
    if pos and not absolute:
        sides = physical_edges(pos, cdir)
        keep = {}
        for axis in (("left", "right"), ("top", "bottom")):
            present = [k for k in axis if k in sides]
            if not present:
                continue
            # "Relative insets": Yoga 2.0.1 applies them along the child's own axes.
            if axis[0] == "left":
                same = reversed_horizontally(cfd, cdir) == reversed_horizontally(pfd, direction)
            else:
                same = (cfd == "column-reverse") == (pfd == "column-reverse")
            if grid_parent:
                same = True
            if not same:
                continue
            k = present[0]
            v = sides[k]
            if is_percent(v) and (grid_parent or is_row(cfd) != is_row(pfd)):
                ref = inner_w if axis[0] == "left" else inner_h
                v = resolve_points(v, ref)
                if v is None:
                    continue
                v = round(v, 3)
            keep[k] = v
        if keep:
            cs["position"] = keep
        else:
            del cs["position"]
    if pos and absolute and not grid_parent:
        if overconstrained_on_reversed_axis(pfd, pos):
            sides = physical_edges(pos, cdir)
            sides.pop("right" if pfd == "row-reverse" else "bottom", None)
            cs["position"] = sides


# ---------------------------------------------------------------------------------------------
# Groups and the command line.

GROUPS = {
    "flex-direction": group_flex_direction,
    "justify-content": group_justify,
    "align": group_align,
    "flex-wrap": group_flex_wrap,
    "gap": group_gap,
    "spacing": group_spacing,
    "min-max": group_min_max,
    "flex-grow-shrink-basis": group_flex,
    "aspect-ratio": group_aspect_ratio,
    "absolute": group_absolute,
    "display-none": group_display_none,
    "rtl": group_rtl,
    "nested": group_nested,
    "measure": group_measure,
    "percent": group_percent,
    "grid-tracks": group_grid_tracks,
    "grid-placement": group_grid_placement,
    "grid-auto-placement": group_grid_auto_placement,
    "grid-auto-tracks": group_grid_auto_tracks,
    "grid-align": group_grid_align,
    "grid-gap": group_grid_gap,
    "grid-nesting": group_grid_nesting,
    "random": None,
}


def build_group(name, seed, count):
    if name == "random":
        cases = group_random(seed, count)
    else:
        cases = GROUPS[name]()
    for c in cases:
        c["name"] = f"{name}/{c['name']}" if not c["name"].startswith(name + "/") else c["name"]
    names = [c["name"] for c in cases]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise GeneratorError(f"group {name}: duplicate case names {dup[:5]}")
    return cases


def generator_label(version, name, seed, count):
    label = f"scripts/layout-conformance/generate.py, {version}, scale {SCALE}"
    if name == "random":
        label += f", seed {seed}, count {count}"
    return label


def parse_label(label):
    seed = re.search(r"seed (-?[0-9]+)", label or "")
    count = re.search(r"count ([0-9]+)", label or "")
    return (int(seed.group(1)) if seed else None, int(count.group(1)) if count else None)


def strip_expected(c):
    return {k: c[k] for k in ("name", "width", "height", "direction", "root")}


def cmd_generate(args, binary):
    version = chromium_version(binary)
    names = args.group or list(GROUPS)
    os.makedirs(args.out, exist_ok=True)
    total = 0
    started = time.monotonic()
    for name in names:
        t0 = time.monotonic()
        cases = build_group(name, args.seed, args.count)
        boxes = render(binary, cases)
        for c, b in zip(cases, boxes):
            c["expected"] = b
        path = os.path.join(args.out, f"{name}.json")
        size = write_group(path, generator_label(version, name, args.seed, args.count), cases)
        total += size
        print(f"{name}: {len(cases)} cases, {size / 1024:.0f} KiB, "
              f"{time.monotonic() - t0:.1f} s", flush=True)
    print(f"{len(names)} groups, {total / 1024:.0f} KiB, {version}, "
          f"{time.monotonic() - started:.1f} s")


def cmd_list(args):
    for name in GROUPS:
        print(f"{name}: {len(build_group(name, args.seed, args.count))} cases")


def committed_files(out):
    if not os.path.isdir(out):
        raise GeneratorError(f"no conformance files in {out}")
    files = sorted(f for f in os.listdir(out) if f.endswith(".json"))
    if not files:
        raise GeneratorError(f"no conformance files in {out}")
    return files


def cmd_verify(args, binary):
    version = chromium_version(binary)
    ok = True
    for fname in committed_files(args.out):
        data = read_group(os.path.join(args.out, fname))
        cases = data["cases"]
        boxes = render(binary, [strip_expected(c) for c in cases])
        bad = []
        worst = 0.0
        for c, b in zip(cases, boxes):
            diffs = compare_boxes(c["expected"], b, args.tolerance)
            if diffs:
                bad.append((c["name"], diffs))
            else:
                worst = max(worst, max_deviation(c["expected"], b))
        name = fname[:-5]
        drift = ""
        if name in GROUPS:
            seed, count = parse_label(data.get("generator"))
            rebuilt = build_group(name, seed if seed is not None else args.seed,
                                  count if count is not None else args.count)
            if [strip_expected(c) for c in cases] != rebuilt:
                drift = "; the generator now builds different cases for this group"
                ok = False
        recorded = data.get("generator", "")
        changed = "" if version in recorded else f" (recorded with: {recorded})"
        if bad:
            ok = False
            print(f"{fname}: {len(bad)} of {len(cases)} cases differ with {version}{changed}"
                  f"{drift}")
            for cname, diffs in bad[:10]:
                for path, key, e, a in diffs[:3]:
                    print(f"  {cname} {path}.{key}: file {e}, browser {a}")
        else:
            print(f"{fname}: {len(cases)} cases agree with {version} (largest difference "
                  f"{worst:.5f} pt){changed}{drift}")
    if not ok:
        print("verify: differences found")
        return 1
    print("verify: every committed file agrees")
    return 0


def cmd_compare_driver(args):
    """Pipe the committed cases through a JSON-lines layout driver and compare."""
    total = mismatched = 0
    files = args.files or committed_files(args.out)
    for fname in files:
        path = fname if os.path.isfile(fname) else os.path.join(args.out, fname)
        cases = read_group(path)["cases"]
        payload = "".join(stable_json(strip_expected(c)) + "\n" for c in cases)
        try:
            proc = subprocess.run(args.compare_driver, shell=True, input=payload,
                                  capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            raise GeneratorError(f"{args.compare_driver!r} did not finish within 600 s")
        results = {}
        for line in proc.stdout.splitlines():
            line = line.strip()
            if line:
                r = json.loads(line)
                results[r["name"]] = r.get("layout")
        for c in cases:
            total += 1
            got = results.get(c["name"])
            if got is None:
                mismatched += 1
                print(f"{c['name']}: no result from the driver")
                continue
            diffs = compare_boxes(c["expected"], got, args.tolerance)
            if diffs:
                mismatched += 1
                where = "; ".join(f"{p}.{k} browser {e} driver {a}" for p, k, e, a in diffs[:4])
                print(f"{c['name']}: {where}")
    print(f"compare: {total - mismatched} of {total} cases agree within {args.tolerance}")
    return 0 if mismatched == 0 else 1


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--group", action="append", choices=list(GROUPS),
                   help="regenerate only this group (repeatable); default: all")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED,
                   help=f"seed of the random group (default {DEFAULT_SEED})")
    p.add_argument("--count", type=int, default=DEFAULT_COUNT,
                   help=f"number of random trees (default {DEFAULT_COUNT})")
    p.add_argument("--out", default=DEFAULT_OUT, help="directory of the JSON files")
    p.add_argument("--chromium", help="Chromium binary (default: chromium on PATH)")
    p.add_argument("--verify", action="store_true",
                   help="re-render the committed files and compare")
    p.add_argument("--tolerance", type=float, default=None,
                   help="largest accepted difference in pt (verify: 1/1024; "
                        "compare-driver: 1/32)")
    p.add_argument("--list", action="store_true", help="list the groups and case counts")
    p.add_argument("--compare-driver", metavar="CMD",
                   help="run the committed cases through CMD (JSON lines in and out)")
    p.add_argument("files", nargs="*", help="with --compare-driver: files to compare")
    p.add_argument("--dump-html", metavar="FILE",
                   help="write the page of the first selected group to FILE and stop")
    args = p.parse_args(argv)
    try:
        if args.count < 0 or args.count > 100000:
            raise GeneratorError("--count must be between 0 and 100000")
        if args.list:
            cmd_list(args)
            return 0
        if args.compare_driver:
            args.tolerance = args.tolerance if args.tolerance is not None else 1 / 32
            return cmd_compare_driver(args)
        if args.dump_html:
            name = (args.group or list(GROUPS))[0]
            with open(args.dump_html, "w", encoding="utf-8") as f:
                f.write(page_html(build_group(name, args.seed, args.count), SCALE))
            return 0
        binary = find_chromium(args.chromium)
        if args.verify:
            args.tolerance = args.tolerance if args.tolerance is not None else 1 / 1024
            return cmd_verify(args, binary)
        cmd_generate(args, binary)
        return 0
    except GeneratorError as e:
        print(f"generate.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
