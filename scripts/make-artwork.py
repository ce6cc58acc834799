#!/usr/bin/env python3
"""Generate the honest, photo-free artwork under content/media/.

Everything here is drawn from simple shapes: category illustrations (an equipment
icon on a soft tinted background), service and gallery variations of them,
certificate and registration thumbnails, partner word marks, initials avatars for
the directors, the logo, the timeline backgrounds, the Open Graph image, the hero
poster and the hero video.

    python3 scripts/make-artwork.py            # everything
    python3 scripts/make-artwork.py --no-video # skip the MP4 (needs ffmpeg)

Needs Pillow (pip install pillow) for the PNG/JPG/MP4 frames and ffmpeg for the MP4.
The output is deterministic: running it twice gives the same SVG files.
"""

import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEDIA = ROOT / "content" / "media"

# Palette (see /shared/DESIGN.md): deep medical blue/teal, one warm accent, greys.
P = "#0B4F6C"   # deep blue
T = "#16808F"   # teal
L = "#BFE3EA"   # light teal
W = "#FFFFFF"
A = "#F2994A"   # warm accent
INK = "#0A3246"
GREY = "#6B7785"
GREY_L = "#A7B1BB"

FONT = "Segoe UI, Roboto, Helvetica, Arial, sans-serif"

# Soft background tints: (background start, disc, decoration)
TINTS = [
    ("#E6F4F6", "#CFEAEF", "#B4DCE3"),   # teal
    ("#E8F0F9", "#D3E3F3", "#B7CFE8"),   # blue
    ("#E7F5F0", "#CDEADF", "#AEDCCB"),   # mint
    ("#EAF2F8", "#D6E6F1", "#BCD5E6"),   # sky
]


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg(w, h, body, title=None):
    t = f"<title>{esc(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">{t}{body}</svg>\n')


def write(rel, text):
    p = MEDIA / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    # collapse indentation/newlines to keep files small
    text = re.sub(r">\s+<", "><", text.strip()) + "\n"
    p.write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- icons
# Each icon is drawn in a 200x200 box.

def arc_path(cx, cy, r, a0, a1, large, sweep):
    x0, y0 = cx + r * math.cos(math.radians(a0)), cy + r * math.sin(math.radians(a0))
    x1, y1 = cx + r * math.cos(math.radians(a1)), cy + r * math.sin(math.radians(a1))
    return f"M{x0:.1f} {y0:.1f} A{r} {r} 0 {large} {sweep} {x1:.1f} {y1:.1f}"


def icon_ophthalmic():
    return f"""
<path d="M14 100 C50 45 150 45 186 100 C150 155 50 155 14 100 Z" fill="{P}"/>
<path d="M30 100 C60 62 140 62 170 100 C140 138 60 138 30 100 Z" fill="{W}"/>
<circle cx="100" cy="100" r="34" fill="{T}"/>
<circle cx="100" cy="100" r="16" fill="{INK}"/>
<circle cx="110" cy="89" r="7" fill="{W}"/>
<g stroke="{A}" stroke-width="6" stroke-linecap="round"><path d="M100 160 v18"/><path d="M64 152 l-9 14"/><path d="M136 152 l9 14"/></g>"""


def icon_dialysis():
    return f"""
<path d="M146 62 C178 62 180 118 150 128" stroke="{A}" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M150 128 C146 140 154 150 160 150" stroke="{A}" stroke-width="6" fill="none" stroke-linecap="round"/>
<rect x="52" y="18" width="96" height="152" rx="12" fill="{P}"/>
<rect x="64" y="30" width="72" height="44" rx="5" fill="{L}"/>
<polyline points="70,56 84,56 90,42 98,68 105,50 112,56 130,56" stroke="{P}" stroke-width="3.5" fill="none" stroke-linejoin="round"/>
<circle cx="80" cy="100" r="14" fill="{W}"/><circle cx="80" cy="100" r="5" fill="{T}"/>
<circle cx="120" cy="100" r="14" fill="{W}"/><circle cx="120" cy="100" r="5" fill="{T}"/>
<rect x="66" y="126" width="68" height="8" rx="4" fill="{T}"/>
<rect x="66" y="142" width="42" height="8" rx="4" fill="{T}"/>
<rect x="58" y="170" width="84" height="8" rx="4" fill="{P}"/>
<circle cx="66" cy="186" r="7" fill="{P}"/><circle cx="134" cy="186" r="7" fill="{P}"/>
<path d="M168 150 C168 150 158 164 158 170 A10 10 0 0 0 178 170 C178 164 168 150 168 150 Z" fill="{T}"/>"""


def icon_radiology():
    c = arc_path(92, 98, 70, -40, 40, 1, 0)
    return f"""
<path d="M154 58 L140 146 L168 146 Z" fill="{A}" opacity="0.35"/>
<path d="{c}" stroke="{P}" stroke-width="16" fill="none" stroke-linecap="round"/>
<rect x="134" y="28" width="44" height="26" rx="6" fill="{T}"/>
<rect x="136" y="146" width="40" height="26" rx="6" fill="{T}"/>
<rect x="16" y="90" width="20" height="20" rx="4" fill="{P}"/>
<rect x="20" y="108" width="12" height="70" fill="{P}"/>
<rect x="6" y="176" width="64" height="12" rx="6" fill="{P}"/>"""


def icon_mot():
    return f"""
<rect x="62" y="8" width="76" height="10" rx="4" fill="{P}"/>
<rect x="96" y="16" width="8" height="34" fill="{P}"/>
<path d="M78 118 L122 118 L168 164 L32 164 Z" fill="{A}" opacity="0.28"/>
<path d="M44 84 A56 36 0 0 0 156 84 Z" fill="{P}"/>
<rect x="40" y="78" width="120" height="10" rx="5" fill="{P}"/>
<circle cx="76" cy="98" r="7" fill="{W}"/><circle cx="100" cy="104" r="7" fill="{W}"/><circle cx="124" cy="98" r="7" fill="{W}"/>
<rect x="84" y="46" width="32" height="34" rx="6" fill="{T}"/>
<rect x="24" y="158" width="152" height="12" rx="5" fill="{T}"/>
<rect x="92" y="170" width="16" height="16" fill="{P}"/>
<rect x="64" y="184" width="72" height="8" rx="4" fill="{P}"/>"""


def icon_icu():
    return f"""
<rect x="104" y="16" width="84" height="60" rx="8" fill="{P}"/>
<rect x="112" y="24" width="68" height="44" rx="4" fill="{INK}"/>
<polyline points="116,48 132,48 138,34 146,60 152,42 158,48 176,48" stroke="{A}" stroke-width="3.5" fill="none" stroke-linejoin="round"/>
<rect x="142" y="76" width="8" height="44" fill="{P}"/>
<rect x="14" y="96" width="12" height="74" rx="4" fill="{P}"/>
<rect x="174" y="112" width="12" height="58" rx="4" fill="{P}"/>
<rect x="22" y="120" width="156" height="20" rx="6" fill="{T}"/>
<rect x="32" y="108" width="40" height="14" rx="7" fill="{W}"/>
<rect x="22" y="140" width="156" height="8" fill="{P}"/>
<circle cx="40" cy="178" r="8" fill="{P}"/><circle cx="160" cy="178" r="8" fill="{P}"/>"""


def icon_cardiology():
    return f"""
<path d="M100 172 C42 128 18 98 18 70 C18 44 38 26 62 26 C80 26 93 36 100 50 C107 36 120 26 138 26 C162 26 182 44 182 70 C182 98 158 128 100 172 Z" fill="{P}"/>
<polyline points="26,96 68,96 78,74 92,128 106,60 116,108 124,96 174,96" stroke="{W}" stroke-width="7" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
<circle cx="156" cy="46" r="8" fill="{A}"/>"""


def icon_neurology():
    return f"""
<g fill="{P}">
<circle cx="68" cy="84" r="42"/><circle cx="110" cy="64" r="44"/><circle cx="146" cy="92" r="36"/>
<circle cx="96" cy="112" r="40"/><circle cx="136" cy="118" r="30"/>
</g>
<rect x="118" y="130" width="18" height="48" rx="8" fill="{T}"/>
<g stroke="{W}" stroke-width="6" fill="none" stroke-linecap="round">
<path d="M52 84 q16 -18 32 0"/><path d="M96 54 q16 16 32 0"/><path d="M70 118 q16 -14 32 0"/>
<path d="M132 92 q10 14 24 2"/><path d="M106 60 L100 140"/>
</g>
<circle cx="170" cy="40" r="8" fill="{A}"/>"""


def icon_oncology():
    return f"""
<g stroke="{P}" stroke-width="24" fill="none" stroke-linejoin="round">
<path d="M72 184 L124 96 C146 58 122 22 100 22 C78 22 54 58 76 96 L128 184"/>
</g>
<path d="M100 22 C122 22 146 58 124 96" stroke="{T}" stroke-width="24" fill="none"/>
<circle cx="164" cy="52" r="8" fill="{A}"/>
<path d="M34 60 h20 M44 50 v20" stroke="{T}" stroke-width="6" stroke-linecap="round"/>"""


def icon_gynecology():
    return f"""
<path d="M34 124 V86 Q34 58 62 58 H138 Q166 58 166 86 V124 Z" fill="{L}" stroke="{P}" stroke-width="6"/>
<circle cx="66" cy="92" r="11" fill="none" stroke="{P}" stroke-width="5"/>
<circle cx="134" cy="92" r="11" fill="none" stroke="{P}" stroke-width="5"/>
<circle cx="88" cy="112" r="9" fill="{A}"/>
<rect x="96" y="104" width="30" height="16" rx="8" fill="{A}"/>
<rect x="26" y="122" width="148" height="24" rx="6" fill="{P}"/>
<rect x="40" y="130" width="30" height="6" rx="3" fill="{L}"/>
<rect x="94" y="146" width="12" height="32" fill="{T}"/>
<rect x="60" y="176" width="80" height="8" rx="4" fill="{P}"/>
<circle cx="66" cy="190" r="6" fill="{P}"/><circle cx="134" cy="190" r="6" fill="{P}"/>"""


def icon_urology():
    k = ("M60 34 C28 34 22 76 32 104 C42 128 70 128 76 106 C79 96 68 88 70 76 "
         "C72 64 84 58 80 48 C77 38 70 34 60 34 Z")
    return f"""
<path d="M74 96 C86 120 92 134 96 150" stroke="{T}" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M126 96 C114 120 108 134 104 150" stroke="{T}" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="{k}" fill="{P}"/>
<path d="{k}" fill="{P}" transform="translate(200 0) scale(-1 1)"/>
<ellipse cx="100" cy="166" rx="26" ry="20" fill="{P}"/>
<ellipse cx="92" cy="160" rx="8" ry="5" fill="{L}"/>
<circle cx="100" cy="24" r="7" fill="{A}"/>"""


def icon_dental():
    return f"""
<path d="M60 28 C38 28 28 50 30 76 C32 102 44 116 49 140 C53 162 57 182 68 182 C80 182 82 152 90 136 C94 128 106 128 110 136 C118 152 120 182 132 182 C143 182 147 162 151 140 C156 116 168 102 170 76 C172 50 162 28 140 28 C124 28 114 36 100 36 C86 36 76 28 60 28 Z" fill="{P}"/>
<path d="M52 54 C60 44 72 44 80 48" stroke="{L}" stroke-width="7" fill="none" stroke-linecap="round"/>
<path d="M164 20 l5 12 l12 5 l-12 5 l-5 12 l-5 -12 l-12 -5 l12 -5 Z" fill="{A}"/>"""


def icon_laboratory():
    return f"""
<rect x="30" y="172" width="116" height="14" rx="6" fill="{P}"/>
<path d="M112 172 V140 C112 112 104 96 90 86" stroke="{P}" stroke-width="16" fill="none" stroke-linecap="round"/>
<rect x="40" y="124" width="70" height="10" rx="3" fill="{T}"/>
<g transform="rotate(-28 72 64)">
<rect x="58" y="22" width="28" height="84" rx="6" fill="{P}"/>
<rect x="62" y="8" width="20" height="16" rx="3" fill="{T}"/>
<rect x="64" y="104" width="16" height="16" rx="3" fill="{T}"/>
</g>
<rect x="150" y="56" width="22" height="92" rx="11" fill="{W}" stroke="{P}" stroke-width="5"/>
<rect x="154" y="104" width="14" height="40" rx="7" fill="{A}"/>
<rect x="146" y="52" width="30" height="8" rx="4" fill="{P}"/>"""


def icon_ent():
    return f"""
<path d="M40 124 V98 A60 60 0 0 1 160 98 V124" stroke="{P}" stroke-width="14" fill="none" stroke-linecap="round"/>
<rect x="24" y="110" width="34" height="62" rx="14" fill="{P}"/>
<rect x="142" y="110" width="34" height="62" rx="14" fill="{P}"/>
<rect x="50" y="120" width="12" height="42" rx="6" fill="{T}"/>
<rect x="138" y="120" width="12" height="42" rx="6" fill="{T}"/>
<g stroke="{A}" stroke-width="6" fill="none" stroke-linecap="round">
<path d="M84 126 q10 15 0 30"/><path d="M100 116 q16 25 0 50"/><path d="M116 126 q-10 15 0 30"/>
</g>"""


def icon_orthopedic():
    return f"""
<g transform="rotate(-35 100 100)" fill="{P}">
<rect x="44" y="88" width="112" height="24" rx="4"/>
<circle cx="44" cy="82" r="17"/><circle cx="44" cy="118" r="17"/>
<circle cx="156" cy="82" r="17"/><circle cx="156" cy="118" r="17"/>
</g>
<g transform="rotate(-35 100 100)"><rect x="62" y="94" width="76" height="6" rx="3" fill="{L}"/></g>
<path d="M150 150 h24 M162 138 v24" stroke="{A}" stroke-width="7" stroke-linecap="round"/>"""


def icon_general_surgery():
    return f"""
<g transform="rotate(38 100 100)">
<rect x="92" y="84" width="16" height="104" rx="5" fill="{P}"/>
<path d="M92 86 L108 86 L108 40 C108 20 98 14 92 26 Z" fill="{T}"/>
</g>
<g transform="rotate(-38 100 100)" stroke="{P}" fill="none">
<path d="M92 146 L110 26 M108 146 L90 26" stroke-width="8" stroke-linecap="round"/>
<circle cx="86" cy="162" r="13" stroke-width="7"/><circle cx="114" cy="162" r="13" stroke-width="7"/>
</g>
<circle cx="100" cy="86" r="5" fill="{A}"/>"""


def icon_emergency():
    return f"""
<path d="M74 58 V42 Q74 34 82 34 H118 Q126 34 126 42 V58" stroke="{P}" stroke-width="10" fill="none"/>
<rect x="24" y="56" width="152" height="116" rx="14" fill="{P}"/>
<rect x="24" y="150" width="152" height="10" fill="{T}"/>
<rect x="88" y="74" width="24" height="64" rx="3" fill="{W}"/>
<rect x="68" y="94" width="64" height="24" rx="3" fill="{W}"/>
<circle cx="158" cy="74" r="7" fill="{A}"/>"""


def icon_blood_bank():
    return f"""
<rect x="84" y="18" width="32" height="20" rx="4" fill="{P}"/>
<rect x="54" y="34" width="92" height="126" rx="18" fill="{W}" stroke="{P}" stroke-width="6"/>
<path d="M60 92 H140 V140 Q140 154 126 154 H74 Q60 154 60 140 Z" fill="#C8553D"/>
<g stroke="{P}" stroke-width="4" stroke-linecap="round"><path d="M120 54 h14"/><path d="M124 68 h10"/><path d="M120 82 h14"/></g>
<path d="M100 160 V174 Q100 188 116 188 H168" stroke="{T}" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M168 170 C168 170 160 180 160 185 A8 8 0 0 0 176 185 C176 180 168 170 168 170 Z" fill="#C8553D"/>"""


ICONS = {
    "ophthalmic": icon_ophthalmic, "dialysis": icon_dialysis, "radiology": icon_radiology,
    "mot": icon_mot, "icu": icon_icu, "cardiology": icon_cardiology, "neurology": icon_neurology,
    "oncology": icon_oncology, "gynecology": icon_gynecology, "urology": icon_urology,
    "dental": icon_dental, "laboratory-pathology": icon_laboratory, "ent": icon_ent,
    "orthopedic": icon_orthopedic, "general-surgery": icon_general_surgery,
    "emergency": icon_emergency, "blood-bank": icon_blood_bank,
}

CATEGORY_TITLES = {
    "ophthalmic": "Ophthalmic equipment", "dialysis": "Dialysis equipment",
    "radiology": "Radiology equipment", "mot": "Modular operation theatre equipment",
    "icu": "Modular ICU equipment", "cardiology": "Cardiology equipment",
    "neurology": "Neurology equipment", "oncology": "Oncology equipment",
    "gynecology": "Gynecology equipment", "urology": "Urology equipment",
    "dental": "Dental equipment", "laboratory-pathology": "Laboratory and pathology equipment",
    "ent": "ENT equipment", "orthopedic": "Orthopedic equipment",
    "general-surgery": "General surgery equipment", "emergency": "Emergency equipment",
    "blood-bank": "Blood bank equipment",
}


def plus(x, y, s, color, op=1.0):
    return (f'<path d="M{x - s} {y} h{2 * s} M{x} {y - s} v{2 * s}" stroke="{color}" '
            f'stroke-width="{max(2, s * 0.55):.1f}" stroke-linecap="round" opacity="{op}"/>')


def category_art(key, tint):
    bg, disc, deco = TINTS[tint]
    body = f"""
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="{bg}"/><stop offset="1" stop-color="#F8FCFD"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#g)"/>
<circle cx="320" cy="236" r="178" fill="{disc}"/>
<circle cx="566" cy="64" r="96" fill="{W}" opacity="0.55"/>
<circle cx="70" cy="420" r="70" fill="{W}" opacity="0.5"/>
{plus(92, 92, 10, deco)}{plus(548, 392, 12, deco)}{plus(600, 236, 7, deco)}{plus(128, 300, 6, deco)}
<ellipse cx="320" cy="386" rx="130" ry="12" fill="{INK}" opacity="0.08"/>
<g transform="translate(200 116) scale(1.2)">{ICONS[key]()}</g>"""
    return svg(640, 480, body, CATEGORY_TITLES[key])


def scene_art(key, tint, seed, title):
    """A caption-free room-like composition built from the category icon."""
    rnd = random.Random(seed)
    bg, disc, deco = TINTS[tint]
    layout = rnd.choice(["single", "pair", "row", "offset"])
    wall = rnd.choice([True, False])
    parts = [f"""
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="{bg}"/><stop offset="1" stop-color="#F9FCFD"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#g)"/>"""]
    if wall:
        cols = rnd.choice([4, 5, 6])
        w = 640 / cols
        for i in range(1, cols):
            parts.append(f'<rect x="{i * w - 1:.0f}" y="0" width="2" height="372" fill="{W}" opacity="0.7"/>')
        parts.append(f'<rect x="{rnd.randint(1, cols - 2) * w + 18:.0f}" y="48" width="{w - 36:.0f}" height="120" rx="6" fill="{W}" opacity="0.65"/>')
    else:
        parts.append(f'<circle cx="{rnd.randint(200, 440)}" cy="{rnd.randint(180, 260)}" r="{rnd.randint(150, 200)}" fill="{disc}"/>')
    parts.append(f'<rect x="0" y="372" width="640" height="108" fill="{disc}"/>')
    parts.append(f'<rect x="0" y="372" width="640" height="4" fill="{deco}"/>')
    for _ in range(3):
        parts.append(plus(rnd.randint(40, 600), rnd.randint(30, 150), rnd.randint(6, 11), deco))
    icon = ICONS[key]()
    if layout == "single":
        placements = [(320, 1.25)]
    elif layout == "pair":
        placements = [(210, 1.0), (430, 1.0)]
    elif layout == "row":
        placements = [(140, 0.78), (320, 0.78), (500, 0.78)]
    else:
        placements = [(rnd.choice([220, 420]), 1.3)]
    for cx, s in placements:
        size = 200 * s
        x, y = cx - size / 2, 372 - size - 6
        parts.append(f'<ellipse cx="{cx}" cy="376" rx="{size * 0.42:.0f}" ry="9" fill="{INK}" opacity="0.1"/>')
        parts.append(f'<g transform="translate({x:.0f} {y:.0f}) scale({s})">{icon}</g>')
    if layout == "offset":
        side = 470 if placements[0][0] < 320 else 170
        parts.append(f'<rect x="{side - 60}" y="210" width="120" height="150" rx="10" fill="{W}" opacity="0.8"/>')
        for j in range(4):
            parts.append(f'<rect x="{side - 40}" y="{236 + j * 28}" width="{80 - (j % 2) * 24}" height="8" rx="4" fill="{deco}"/>')
        parts.append(f'<circle cx="{side + 36}" cy="236" r="8" fill="{A}"/>')
    return svg(640, 480, "".join(parts), title)


# ------------------------------------------------------------------ documents

def wrap(text, n):
    words, lines, cur = text.split(), [], ""
    for w in words:
        if len(cur) + len(w) + (1 if cur else 0) > n:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    lines.append(cur)
    return lines


def certificate_art(title, kind_line, emblem=None):
    lines = wrap(title, 18)
    y0 = 232 - (len(lines) - 1) * 18
    title_svg = "".join(
        f'<text x="240" y="{y0 + i * 38}" text-anchor="middle" font-family="{FONT}" font-size="32" '
        f'font-weight="700" fill="{INK}">{esc(line)}</text>' for i, line in enumerate(lines))
    body_lines = "".join(
        f'<rect x="{96 + (i % 2) * 14}" y="{330 + i * 22}" width="{288 - (i % 3) * 40}" height="7" rx="3.5" fill="#D5DEE4"/>'
        for i in range(6))
    emb = emblem or f'<circle cx="240" cy="118" r="26" fill="{T}"/>{plus(240, 118, 12, W)}'
    body = f"""
<rect width="480" height="640" fill="#E9EEF1"/>
<rect x="42" y="46" width="400" height="560" rx="6" fill="{INK}" opacity="0.08"/>
<rect x="36" y="36" width="400" height="560" rx="6" fill="{W}"/>
<rect x="52" y="52" width="368" height="528" fill="none" stroke="{P}" stroke-width="3"/>
<rect x="60" y="60" width="352" height="512" fill="none" stroke="{L}" stroke-width="2"/>
{emb}
<text x="240" y="178" text-anchor="middle" font-family="{FONT}" font-size="14" letter-spacing="3" fill="{T}">{esc(kind_line)}</text>
{title_svg}
<rect x="180" y="292" width="120" height="3" rx="1.5" fill="{A}"/>
{body_lines}
<circle cx="340" cy="510" r="34" fill="{A}"/>
<circle cx="340" cy="510" r="24" fill="none" stroke="{W}" stroke-width="3"/>
<path d="M320 540 l-10 34 l18 -10 l8 16 l6 -32 Z" fill="{A}"/>
<path d="M92 520 c14 -22 26 8 40 -10 s22 -6 34 -2" stroke="{P}" stroke-width="3" fill="none" stroke-linecap="round"/>
<rect x="88" y="534" width="110" height="2" fill="{GREY_L}"/>
<text x="240" y="620" text-anchor="middle" font-family="{FONT}" font-size="12" fill="{GREY}">Illustration: replace with a scan of the document</text>"""
    return svg(480, 640, body, title)


def train_emblem():
    return f"""
<rect x="212" y="90" width="56" height="50" rx="12" fill="{P}"/>
<rect x="220" y="98" width="40" height="18" rx="4" fill="{L}"/>
<circle cx="226" cy="128" r="4" fill="{A}"/><circle cx="254" cy="128" r="4" fill="{A}"/>
<path d="M220 140 l-8 10 M260 140 l8 10" stroke="{P}" stroke-width="4" stroke-linecap="round"/>"""


# ------------------------------------------------------------------ word marks

MARKS = [
    lambda c: f'<circle cx="34" cy="48" r="18" fill="none" stroke="{c}" stroke-width="6"/>',
    lambda c: f'<path d="M34 28 L52 58 L16 58 Z" fill="{c}"/><rect x="16" y="62" width="36" height="6" fill="{c}"/>',
    lambda c: f'<rect x="18" y="32" width="32" height="32" rx="8" fill="{c}"/>{plus(34, 48, 9, W)}',
    lambda c: f'<path d="M34 28 L51 38 L51 58 L34 68 L17 58 L17 38 Z" fill="{c}"/>',
    lambda c: f'<circle cx="26" cy="48" r="11" fill="{c}"/><circle cx="44" cy="48" r="11" fill="{c}" opacity="0.6"/>',
    lambda c: f'<path d="M16 62 Q34 20 52 62" stroke="{c}" stroke-width="7" fill="none" stroke-linecap="round"/>',
    lambda c: f'<path d="M18 34 L34 62 L50 34" stroke="{c}" stroke-width="7" fill="none" stroke-linejoin="round" stroke-linecap="round"/>',
    lambda c: f'<rect x="18" y="30" width="12" height="36" rx="3" fill="{c}"/><rect x="34" y="40" width="12" height="26" rx="3" fill="{c}" opacity="0.7"/>',
]


def partner_art(name, i):
    first, _, rest = name.partition(" ")
    body = f"""
{MARKS[i % len(MARKS)]("#8A96A3")}
<text x="66" y="50" font-family="{FONT}" font-size="24" font-weight="700" fill="#5F6B78">{esc(first)}</text>
<text x="67" y="70" font-family="{FONT}" font-size="12" letter-spacing="2.5" fill="#7D8894">{esc(rest.upper())}</text>"""
    return svg(240, 96, body, name)


# ------------------------------------------------------------------ portraits, logo

def avatar_art(name, i):
    initials = "".join(p[0] for p in name.split()[:2]).upper()
    c1, c2 = [(P, T), (T, "#0F6A78"), ("#0D5A7A", "#1B7F8E")][i % 3]
    body = f"""
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="{c1}"/><stop offset="1" stop-color="{c2}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="330" cy="70" r="110" fill="{W}" opacity="0.06"/>
<circle cx="60" cy="360" r="90" fill="{W}" opacity="0.05"/>
<circle cx="200" cy="200" r="128" fill="none" stroke="{W}" stroke-opacity="0.35" stroke-width="3"/>
<text x="200" y="246" text-anchor="middle" font-family="{FONT}" font-size="128" font-weight="600" fill="{W}" letter-spacing="4">{initials}</text>
<rect x="176" y="290" width="48" height="4" rx="2" fill="{A}"/>"""
    return svg(400, 400, body, name)


def logo_art(short_name):
    first, _, rest = short_name.partition(" ")
    body = f"""
<rect x="4" y="8" width="48" height="48" rx="12" fill="{T}"/>
<rect x="22" y="16" width="12" height="32" rx="3" fill="{W}"/>
<rect x="12" y="26" width="32" height="12" rx="3" fill="{W}"/>
<circle cx="44" cy="16" r="5" fill="{A}"/>
<text x="64" y="33" font-family="{FONT}" font-size="24" font-weight="700" fill="{P}">{esc(first)}</text>
<text x="65" y="52" font-family="{FONT}" font-size="12.5" font-weight="600" letter-spacing="3.2" fill="{T}">{esc((rest or "").upper())}</text>"""
    return svg(240, 64, body, short_name)


# ------------------------------------------------------------------ timeline

def timeline_art(year):
    sky = {1881: ("#DDEEF0", "#F6F1E6"), 1893: ("#E3ECF4", "#F4F1EA"),
           1905: ("#D9E2EC", "#EEE9E1"), 1908: ("#E2EEF0", "#F3F6F7")}[year]
    parts = [f"""
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="{sky[0]}"/><stop offset="1" stop-color="{sky[1]}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>"""]
    if year == 1881:  # hill farm near Darvel
        parts.append(f"""
<circle cx="930" cy="190" r="70" fill="#F6D9A8"/>
<path d="M0 470 C220 380 420 420 640 380 C860 340 1020 400 1200 360 V800 H0 Z" fill="#A9CFC4"/>
<path d="M0 560 C260 480 520 560 760 500 C960 450 1080 500 1200 470 V800 H0 Z" fill="#86B8A8"/>
<path d="M0 660 C300 600 600 680 1200 600 V800 H0 Z" fill="#6C9F8F"/>
<rect x="300" y="430" width="150" height="90" fill="#F4EFE6"/>
<path d="M286 436 L375 380 L464 436 Z" fill="#5E7F8C"/>
<rect x="356" y="468" width="30" height="52" fill="#5E7F8C"/>
<rect x="318" y="456" width="24" height="22" fill="#A9C6D0"/><rect x="408" y="456" width="24" height="22" fill="#A9C6D0"/>
<path d="M520 520 h260 M540 500 v40 M600 500 v40 M660 500 v40 M720 500 v40" stroke="#F4EFE6" stroke-width="6"/>""")
    elif year == 1893:  # village school
        parts.append(f"""
<path d="M0 560 C300 520 900 520 1200 560 V800 H0 Z" fill="#B7D3C8"/>
<rect x="420" y="340" width="360" height="220" fill="#F1ECE2"/>
<path d="M400 348 L600 240 L800 348 Z" fill="#6A8793"/>
<rect x="570" y="170" width="60" height="90" fill="#F1ECE2"/>
<path d="M560 176 L600 130 L640 176 Z" fill="#6A8793"/>
<circle cx="600" cy="214" r="14" fill="#E0B765"/>
<rect x="575" y="460" width="50" height="100" fill="#6A8793"/>
<rect x="460" y="400" width="60" height="60" fill="#AFC8D3"/><rect x="680" y="400" width="60" height="60" fill="#AFC8D3"/>
<path d="M600 560 C590 640 540 720 480 800 H720 C660 720 610 640 600 560 Z" fill="#E6DCC7"/>
<circle cx="230" cy="430" r="90" fill="#8DB6A6"/><rect x="222" y="500" width="16" height="70" fill="#7A8F86"/>
<circle cx="990" cy="440" r="80" fill="#8DB6A6"/><rect x="982" y="500" width="16" height="70" fill="#7A8F86"/>""")
    elif year == 1905:  # London street and hospital
        bl = []
        x = 0
        rnd = random.Random(1905)
        while x < 1200:
            w = rnd.randint(90, 170)
            h = rnd.randint(180, 360)
            bl.append(f'<rect x="{x}" y="{620 - h}" width="{w}" height="{h}" fill="#9FB3C2"/>')
            for wy in range(620 - h + 30, 600, 50):
                for wx in range(x + 18, x + w - 24, 34):
                    bl.append(f'<rect x="{wx}" y="{wy}" width="14" height="22" fill="#D8E2EA"/>')
            x += w + rnd.randint(6, 20)
        parts.append("".join(bl))
        parts.append(f"""
<rect x="420" y="300" width="360" height="320" fill="#C9D5DE"/>
<path d="M400 306 L600 220 L800 306 Z" fill="#7F97A8"/>
<rect x="580" y="250" width="40" height="40" rx="4" fill="{W}"/>{plus(600, 270, 12, "#C8553D")}
{''.join(f'<rect x="{450 + i * 64}" y="{340 + j * 80}" width="30" height="50" fill="#EEF3F6"/>' for i in range(5) for j in range(3))}
<rect x="570" y="560" width="60" height="60" fill="#7F97A8"/>
<rect x="0" y="620" width="1200" height="180" fill="#B9C4CB"/>
<path d="M0 700 H1200" stroke="#D6DDE2" stroke-width="8" stroke-dasharray="60 40"/>""")
    else:  # 1908 laboratory bench
        parts.append(f"""
<rect x="760" y="110" width="320" height="300" rx="8" fill="#F8FAFB"/>
<path d="M920 110 V410 M760 260 H1080" stroke="#D3DEE3" stroke-width="10"/>
<rect x="0" y="560" width="1200" height="240" fill="#C7D4D9"/>
<rect x="0" y="548" width="1200" height="18" fill="#9FB2BA"/>
<g transform="translate(240 250) scale(1.5)" opacity="0.85">{icon_laboratory()}</g>
{''.join(f'<ellipse cx="{700 + i * 120}" cy="530" rx="46" ry="14" fill="#EAF2F4" stroke="#9FB2BA" stroke-width="4"/><circle cx="{690 + i * 120}" cy="528" r="{6 + i * 2}" fill="#B9C98F"/>' for i in range(3))}
<rect x="1040" y="420" width="26" height="110" rx="13" fill="#EAF2F4" stroke="#9FB2BA" stroke-width="4"/>
<rect x="1044" y="470" width="18" height="56" rx="9" fill="#E7B27A"/>""")
    return svg(1200, 800, "".join(parts), f"Illustration for {year}")


# ------------------------------------------------------------------ raster: OG, poster, video

def font(size, bold=False):
    from PIL import ImageFont
    names = (["DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"] if bold
             else ["DejaVuSans.ttf", "LiberationSans-Regular.ttf"])
    for base in ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation"]:
        for n in names:
            p = Path(base) / n
            if p.exists():
                return ImageFont.truetype(str(p), size)
    return ImageFont.load_default()


def hex_rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def backdrop(w, h, t=0.0, period=8.0, ecg=0.72):
    """Calm blue gradient with slowly drifting soft light; periodic in t."""
    from PIL import Image, ImageDraw, ImageFilter
    top, bottom = hex_rgb("#0A3A55"), hex_rgb("#0E6673")
    grad = Image.linear_gradient("L").resize((w, h))
    img = Image.composite(Image.new("RGB", (w, h), bottom), Image.new("RGB", (w, h), top), grad)
    glow = Image.new("RGB", (w, h), (0, 0, 0))
    d = ImageDraw.Draw(glow)
    ph = 2 * math.pi * t / period
    blobs = [(0.22, 0.30, 0.30, (18, 52, 70), 0.0), (0.78, 0.62, 0.34, (14, 62, 68), 2.1),
             (0.55, 0.18, 0.22, (28, 48, 74), 4.2)]
    for bx, by, br, col, off in blobs:
        cx = (bx + 0.05 * math.cos(ph + off)) * w
        cy = (by + 0.05 * math.sin(ph + off)) * h
        r = br * w * (1 + 0.06 * math.sin(ph * 2 + off))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=col)
    glow = glow.filter(ImageFilter.GaussianBlur(w / 12))
    from PIL import ImageChops
    img = ImageChops.screen(img, glow)
    # faint medical motif: an ECG trace and a few plus signs
    motif = Image.new("L", (w, h), 0)
    md = ImageDraw.Draw(motif)
    y = h * (ecg or 0)
    s = w / 1600
    pts, x = [], 0.0
    while x < w:
        seg = [(0, 0), (120, 0), (140, -20), (165, 50), (190, -120), (210, 40), (230, 0), (320, 0)]
        for px, py in seg:
            pts.append((x + px * s, y + py * s))
        x += 320 * s
    if ecg:
        md.line(pts, fill=60, width=max(2, int(3 * s)), joint="curve")
    for px, py, ps in [(0.12, 0.2, 18), (0.86, 0.24, 14), (0.7, 0.86, 12), (0.3, 0.88, 10), (0.95, 0.45, 9)]:
        cx, cy, r = px * w, py * h, ps * s
        md.line([(cx - r, cy), (cx + r, cy)], fill=50, width=max(2, int(4 * s)))
        md.line([(cx, cy - r), (cx, cy + r)], fill=50, width=max(2, int(4 * s)))
    img = Image.composite(Image.new("RGB", (w, h), (255, 255, 255)), img, motif)
    return img


def make_og(site_name, tagline):
    from PIL import ImageDraw
    img = backdrop(1200, 630, ecg=None)
    d = ImageDraw.Draw(img)
    # logo mark
    d.rounded_rectangle([80, 80, 176, 176], radius=24, fill=(255, 255, 255))
    d.rounded_rectangle([116, 96, 140, 160], radius=5, fill=hex_rgb(T))
    d.rounded_rectangle([96, 116, 160, 140], radius=5, fill=hex_rgb(T))
    d.ellipse([152, 86, 170, 104], fill=hex_rgb(A))
    d.text((80, 230), site_name, font=font(52, True), fill=(255, 255, 255))
    y = 310
    for line in wrap(tagline, 44):
        d.text((80, y), line, font=font(34), fill=(214, 236, 240))
        y += 46
    d.rounded_rectangle([80, 470, 80 + 6, 540], radius=3, fill=hex_rgb(A))
    d.text((104, 472), "Dialysis · Radiology · Modular OT · Modular ICU", font=font(26), fill=(255, 255, 255))
    d.text((104, 510), "Vasai, Maharashtra, India · Since 2002", font=font(24), fill=(190, 222, 228))
    out = MEDIA / "brand" / "og-image.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    img.save(out, optimize=True)


def make_poster():
    img = backdrop(1600, 900, 0.0)
    out = MEDIA / "home" / "hero-poster.jpg"
    out.parent.mkdir(parents=True, exist_ok=True)
    q = 82
    while True:
        img.save(out, quality=q, optimize=True, progressive=True)
        if out.stat().st_size < 80_000 or q <= 50:
            break
        q -= 4


def make_video(seconds=8, fps=24):
    if not shutil.which("ffmpeg"):
        print("ffmpeg not found: skipping the hero video", file=sys.stderr)
        return
    out = MEDIA / "home" / "hero.mp4"
    with tempfile.TemporaryDirectory() as tmp:
        n = seconds * fps
        for i in range(n):
            backdrop(640, 360, i / fps, period=seconds).save(f"{tmp}/f{i:04d}.png")
        for crf in (28, 31, 34, 37):
            subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-framerate", str(fps), "-i", f"{tmp}/f%04d.png",
                            "-vf", "scale=1280:720:flags=bicubic", "-c:v", "libx264", "-preset", "slow",
                            "-crf", str(crf), "-pix_fmt", "yuv420p", "-profile:v", "high", "-movflags", "+faststart",
                            "-an", str(out)], check=True)
            if out.stat().st_size < 400_000:
                break


# ------------------------------------------------------------------ main

CATEGORIES = ["ophthalmic", "dialysis", "radiology", "mot", "icu", "cardiology", "neurology", "oncology",
              "gynecology", "urology", "dental", "laboratory-pathology", "ent", "orthopedic",
              "general-surgery", "emergency"]

# service image key -> (icon, gallery count or 0)
SERVICES = {
    "dialysis": ("dialysis", 7), "radiology": ("radiology", 13), "ophthalmic": ("ophthalmic", 8),
    "mot": ("mot", 6), "icu": ("icu", 8), "cardiology": ("cardiology", 7), "neurology": ("neurology", 6),
    "urology": ("urology", 3), "oncology": ("oncology", 3), "gynecology": ("gynecology", 3),
    "orthopedic": ("orthopedic", 3), "pathology": ("laboratory-pathology", 0), "ent": ("ent", 0),
    "general-surgery": ("general-surgery", 0), "laboratory": ("laboratory-pathology", 0),
    "dental": ("dental", 0), "emergency": ("emergency", 0), "blood-bank": ("blood-bank", 0),
}

SERVICE_TITLES = {
    "dialysis": "Dialysis centre", "radiology": "Radiology centre", "ophthalmic": "Ophthalmic centre",
    "mot": "Modular operation theatre", "icu": "Modular ICU", "cardiology": "Cardiology centre",
    "neurology": "Neurology centre", "urology": "Urology centre", "oncology": "Oncology centre",
    "gynecology": "Gynecology centre", "orthopedic": "Orthopedic centre", "pathology": "Pathology centre",
    "ent": "ENT centre", "general-surgery": "General surgery centre", "laboratory": "Laboratory",
    "dental": "Dental clinic", "emergency": "Emergency department", "blood-bank": "Blood bank",
}

CERTIFICATES = ["Shop Establishment", "Udyam Certificate", "GST Certificate", "Import Export Certificate",
                "MSMS Certificate", "PNDT Maharashtra", "Drugs Licence 20B", "Drugs Licence 21B",
                "Tread Mark Certificate", "ISO 9001 Certificate"]   # NON Conviction: no image on purpose

REGISTRATIONS = [("PCMM", z) for z in ["Central Railway", "Western Railway", "Konkan Railway"]] + \
    [("PCMD", z) for z in ["Central Railway", "Western Railway", "South Central Railway", "Southern Railway",
                           "Northern Railway", "South East Central Railway", "West Central Railway",
                           "Konkan Railway"]]

PARTNERS = ["Acme Medical", "Northwind Diagnostics", "Contoso Health", "Fabrikam Biotech", "Globex Surgical",
            "Tailspin Imaging", "Wingtip Care", "Litware Labs"]

LEADERS = ["Rajesh Deshmukh", "Anjali Deshmukh", "Vikram Patil"]


def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")


def main():
    video = "--no-video" not in sys.argv
    for i, key in enumerate(CATEGORIES):
        write(f"categories/{key}.svg", category_art(key, i % 4))
    for i, (key, (icon, count)) in enumerate(SERVICES.items()):
        write(f"services/{key}.svg", scene_art(icon, (i + 1) % 4, f"svc-{key}", SERVICE_TITLES[key]))
        for n in range(1, count + 1):
            write(f"gallery/{key}/{n}.svg",
                  scene_art(icon, (i + n) % 4, f"gal-{key}-{n}", f"{SERVICE_TITLES[key]}, view {n}"))
    for c in CERTIFICATES:
        write(f"certificates/{slug(c)}.svg", certificate_art(c, "CERTIFICATE"))
    for typ, zone in REGISTRATIONS:
        label = "PCMM (STORE)" if typ == "PCMM" else "PCMD (MEDICAL)"
        write(f"registrations/{typ.lower()}-{slug(zone)}.svg",
              certificate_art(f"{zone} {typ} Registration", label, train_emblem()))
    for i, p in enumerate(PARTNERS):
        write(f"partners/{slug(p)}.svg", partner_art(p, i))
    for i, name in enumerate(LEADERS):
        write(f"leaders/{slug(name)}.svg", avatar_art(name, i))
    write("brand/logo.svg", logo_art("Example Medical"))
    for y in (1881, 1893, 1905, 1908):
        write(f"timeline/{y}.svg", timeline_art(y))
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("Pillow not installed: skipping og-image.png, hero poster and video", file=sys.stderr)
        return
    make_og("Example Medical Systems Pvt. Ltd.", "Delivering Trust and Innovation in Medical Equipment Since 2002")
    make_poster()
    if video:
        make_video()


if __name__ == "__main__":
    main()
