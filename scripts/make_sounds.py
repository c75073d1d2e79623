"""Make the game's sound effects into assets/sounds/*.ogg, or check the shipped ones.

Every effect is synthesised here from sine partials and filtered noise with a
seeded generator, so the sounds are the project's own: soft wooden and
bell-like tones, quiet (peaks well below full scale) and short. They are written
as mono OGG Vorbis at 22.05 kHz and a low quality setting, a few KB each. Each
effect has its own generator (the seed and its name), so remaking one leaves the others
as they were. The dice sound lasts as long as the roll animation at normal speed
(``ROLL_SECONDS``): a rattle made to loop, then the dice landing (its last
``ENDINGS["roll"]`` seconds); the game repeats or cuts the rattle so that the landing
comes as the dice land at every animation speed (``ui/sound.py``).

    pip install -e '.[sounds]'              # numpy and soundfile, for making them
    python scripts/make_sounds.py           # write assets/sounds/<effect>.ogg
    python scripts/make_sounds.py --check   # every effect is there, decodes, is short,
                                            # the dice's rattle loops without a click

``--check`` needs neither numpy nor soundfile: it reads each file's Ogg pages with
the standard library and decodes it with pygame's mixer (the dummy audio driver).
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

OUT = ROOT / "assets" / "sounds"
RATE = 22050
SEED = 20150901
PEAK = 0.45  # quiet: the loudest sample, of full scale
LEVELS = {"bust": 0.75, "opt_out": 0.85, "star": 0.9}  # the fuller sounds a little lower
SERIAL = 0x42555454  # "BUTT": each file's Ogg stream serial number
QUALITY = 0.3  # Vorbis quality, 0 (smallest) to 1
MAX_BYTES = 16 * 1024
ROLL_TOLERANCE = 0.03  # seconds the dice sound may differ from the roll animation
SEAM_LEVEL = 0.02  # the rattle's loop meets itself this quietly (a share of the peak)

Array = Any  # numpy.ndarray; numpy is only imported when the sounds are made


# ---------------------------------------------------------------- synthesis
def synthesise() -> dict[str, Array]:
    """Every effect, as float samples at RATE, from one seeded generator."""
    import numpy as np

    from buttons_game.ui.games.buttons.session import ROLL_SECONDS
    from buttons_game.ui.sound import EFFECTS, ENDINGS

    rng = np.random.default_rng(SEED)  # each effect takes its own first (``own``)

    def own(name: str) -> None:
        """The generator for effect ``name``: its own, from the seed and the name."""
        nonlocal rng
        rng = np.random.default_rng([SEED, *name.encode()])

    def silence(seconds: float) -> Array:
        return np.zeros(round(seconds * RATE))

    def clock(n: int) -> Array:
        return np.arange(n) / RATE

    def tone(
        freq: float,
        seconds: float,
        decay: float,
        partials: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0),),
        glide: float = 0.0,
        attack: float = 0.004,
    ) -> Array:
        """A struck tone: partials (ratio, amplitude, decay factor), a soft attack, and an
        optional start a little sharp (``glide``, a fraction) that settles in ~20 ms."""
        n = round(seconds * RATE)
        t = clock(n)
        bend = 1.0 + glide * np.exp(-t / 0.02)
        phase = 2 * np.pi * freq * np.cumsum(bend) / RATE
        out = np.zeros(n)
        for ratio, amp, factor in partials:
            out += amp * np.sin(ratio * phase) * np.exp(-t / (decay * factor))
        release = np.minimum(1.0, (seconds - t) / 0.015)  # a note cut short must not click
        return out * np.minimum(1.0, t / attack) * release

    def band(noise: Array, low: float, high: float) -> Array:
        """``noise`` kept between ``low`` and ``high`` Hz (soft edges, in the spectrum)."""
        spectrum = np.fft.rfft(noise)
        freqs = np.fft.rfftfreq(len(noise), 1 / RATE)
        edge = 0.15 * (high - low) + 1.0
        gain = np.clip((freqs - low) / edge + 1, 0, 1) * np.clip((high - freqs) / edge + 1, 0, 1)
        return np.fft.irfft(spectrum * gain, len(noise))

    def burst(seconds: float, low: float, high: float, decay: float) -> Array:
        n = round(seconds * RATE)
        t = clock(n)
        return band(rng.standard_normal(n), low, high) * np.exp(-t / decay)

    def sweep(seconds: float, centre: Callable[[float], float], width: float) -> Array:
        """Noise whose band moves: each 40 ms frame around ``centre(time)``, overlapped."""
        frame = round(0.04 * RATE)
        hop = frame // 2
        out = np.zeros(round(seconds * RATE) + frame)
        window = np.hanning(frame)
        for i in range(0, len(out) - frame, hop):
            mid = centre(i / RATE)
            part = band(rng.standard_normal(frame), mid * (1 - width), mid * (1 + width))
            out[i : i + frame] += window * part
        return out[: round(seconds * RATE)]

    def at(total: Array, start: float, part: Array, gain: float = 1.0) -> None:
        i = round(start * RATE)
        j = min(len(total), i + len(part))
        total[i:j] += gain * part[: j - i]

    def finish(sound: Array, peak: float) -> Array:
        """Peak at ``peak``, with a short fade at each end so nothing clicks."""
        sound = sound - sound.mean()
        fade = round(0.006 * RATE)
        sound[:fade] *= np.linspace(0, 1, fade)
        tail = round(0.03 * RATE)
        sound[-tail:] *= np.linspace(1, 0, tail)
        return peak * sound / np.max(np.abs(sound))

    def clack(pitch: float) -> Array:
        """Two dice touching: a bright, very short knock."""
        body = tone(pitch, 0.05, 0.008, ((1.0, 1.0, 1.0), (2.4, 0.4, 0.6)))
        return body + 0.5 * burst(0.05, 1800, 6000, 0.004)

    def marimba(freq: float, seconds: float, decay: float) -> Array:
        return tone(freq, seconds, decay, ((1.0, 1.0, 1.0), (3.93, 0.25, 0.3), (9.2, 0.05, 0.1)))

    def bell(freq: float, seconds: float, decay: float) -> Array:
        return tone(freq, seconds, decay, ((1.0, 1.0, 1.0), (2.76, 0.35, 0.5), (5.4, 0.12, 0.3)))

    sounds: dict[str, Array] = {}

    # The dice: rattling in the air, made to loop (nothing rings over its end), then the
    # landing: two last knocks and the table under them.
    own("roll")
    landing = ENDINGS["roll"]
    rattle = ROLL_SECONDS - landing
    roll = silence(ROLL_SECONDS)
    start = rng.uniform(0.01, 0.025)
    while start < rattle - 0.06:
        at(roll, start, clack(rng.uniform(1700, 2600)), rng.uniform(0.35, 0.7))
        start += rng.uniform(0.03, 0.055)
    at(roll, rattle + 0.01, clack(1300), 0.9)
    at(roll, rattle + 0.01, tone(260, 0.12, 0.025), 0.6)  # the table under it
    at(roll, rattle + 0.09, clack(1500), 0.6)
    sounds["roll"] = roll

    # A button on the board: a soft wooden tock.
    own("place")
    place = silence(0.22)
    at(place, 0.0, tone(620, 0.2, 0.035, ((1.0, 1.0, 1.0), (2.7, 0.3, 0.4)), glide=0.2))
    at(place, 0.0, burst(0.02, 1500, 5000, 0.003), 0.25)
    sounds["place"] = place

    # A star: two bell notes, a third apart (E6, G6).
    own("star")
    star = silence(0.75)
    at(star, 0.0, bell(1318.5, 0.75, 0.22), 0.8)
    at(star, 0.09, bell(1568.0, 0.66, 0.25), 0.7)
    sounds["star"] = star

    # A bust: three soft notes falling (G4, E flat 4, C4), the last one longest.
    own("bust")
    bust = silence(1.0)
    for k, (freq, start, length) in enumerate(((392.0, 0.0, 0.3), (311.1, 0.17, 0.3))):
        at(bust, start, marimba(freq, length, 0.12), 0.9 - 0.1 * k)
    at(bust, 0.34, tone(261.6, 0.66, 0.25, ((1.0, 1.0, 1.0), (2.0, 0.15, 0.5))), 0.8)
    sounds["bust"] = bust

    # Opting out, the round's buttons safe: two warm notes rising (C5, G5).
    own("opt_out")
    opt_out = silence(0.6)
    at(opt_out, 0.0, marimba(523.3, 0.6, 0.16), 0.8)
    at(opt_out, 0.1, marimba(784.0, 0.5, 0.18), 0.8)
    sounds["opt_out"] = opt_out

    # Kopf oder Knopf: a see-through button slides a little and is set down.
    own("move")
    move = silence(0.26)
    slide = burst(0.09, 700, 2600, 0.05)
    at(move, 0.0, slide * np.linspace(0.2, 1, len(slide)), 0.18)
    at(move, 0.07, tone(980, 0.18, 0.025, ((1.0, 1.0, 1.0), (2.3, 0.3, 0.5)), glide=0.1))
    sounds["move"] = move

    # A strike: a sharp knock, the piece flying off (a whoosh), and its landing in the tray.
    own("strike")
    strike = silence(0.95)
    at(strike, 0.0, clack(1900), 1.0)
    at(strike, 0.0, tone(330, 0.15, 0.04), 0.5)
    whoosh = sweep(0.55, lambda t: 700 + 1500 * np.sin(np.pi * t / 0.55), 0.3)
    at(strike, 0.08, whoosh * np.hanning(len(whoosh)), 0.2)
    at(strike, 0.68, tone(1175, 0.27, 0.06, ((1.0, 1.0, 1.0), (2.76, 0.3, 0.5))), 0.45)
    sounds["strike"] = strike

    # The celebrations of a game's end, each its own (they begin as the celebration does;
    # ``ui/play/celebration.py`` lights the places between 0.1 and 0.55 of its 2.6 s).
    # Five in a line: a bell for each star of the line lighting (C5 D5 E5 G5 C6), then the
    # line rings as a chord over a low C.
    own("five_in_line")
    line = silence(1.5)
    for k, freq in enumerate((523.3, 587.3, 659.3, 784.0, 1046.5)):
        at(line, 0.26 + 0.23 * k, bell(freq, 1.24 - 0.23 * k, 0.18 + 0.06 * k), 0.7)
    at(line, 1.18, marimba(261.6, 0.32, 0.3), 0.6)
    sounds["five_in_line"] = line

    # Twelve stars: a quick shimmer of twelve small bells running up a pentatonic scale.
    own("twelve_stars")
    stars = silence(1.5)
    scale = (784.0, 880.0, 1046.5, 1174.7, 1318.5, 1568.0)
    for k in range(12):
        freq = scale[k % 6] * (2 if k >= 6 else 1)
        at(stars, 0.26 + 0.095 * k, bell(freq, 0.3, 0.07), 0.45 + 0.02 * k)
    at(stars, 0.26, marimba(392.0, 1.2, 0.45), 0.35)
    sounds["twelve_stars"] = stars

    # Kopf oder Knopf won: three warm chords rising (C, F, C an octave up), wood and bell.
    own("kopf_win")
    kopf = silence(1.5)
    for k, chord in enumerate(((261.6, 329.6, 392.0), (349.2, 440.0, 523.3))):
        for freq in chord:
            at(kopf, 0.18 * k, marimba(freq, 0.4, 0.12), 0.5)
    for freq in (523.3, 659.3, 784.0):
        at(kopf, 0.4, bell(freq, 1.1, 0.3), 0.45)
    at(kopf, 0.4, marimba(130.8, 1.1, 0.35), 0.5)
    sounds["kopf_win"] = kopf

    # Kopf oder Knopf drawn: two calm notes together, settling (G4 and D5, then C5 and G4).
    own("kopf_draw")
    draw = silence(1.4)
    at(draw, 0.0, marimba(392.0, 0.7, 0.25), 0.6)
    at(draw, 0.0, marimba(587.3, 0.7, 0.25), 0.5)
    at(draw, 0.45, tone(523.3, 0.95, 0.35, ((1.0, 1.0, 1.0), (2.0, 0.12, 0.5))), 0.55)
    at(draw, 0.45, tone(392.0, 0.95, 0.35, ((1.0, 1.0, 1.0), (2.0, 0.12, 0.5))), 0.45)
    sounds["kopf_draw"] = draw

    # Speech's cues, short and quiet under the voice (never the only carrier: the same is
    # said in words). A cursor square one may use: a light high tick.
    own("cue_legal")
    legal = silence(0.12)
    at(legal, 0.0, tone(1568.0, 0.11, 0.015, ((1.0, 1.0, 1.0), (2.0, 0.2, 0.5))), 0.6)
    sounds["cue_legal"] = legal

    # ... one that may not be used: a low, dull knock.
    own("cue_illegal")
    illegal = silence(0.12)
    at(illegal, 0.0, tone(196.0, 0.11, 0.03, ((1.0, 1.0, 1.0), (1.5, 0.3, 0.6))), 0.8)
    at(illegal, 0.0, burst(0.015, 300, 900, 0.004), 0.2)
    sounds["cue_illegal"] = illegal

    # A piece in danger: two quick notes a tritone apart (E5, B flat 4), uneasy.
    own("cue_threat")
    threat = silence(0.22)
    at(threat, 0.0, marimba(659.3, 0.1, 0.04), 0.7)
    at(threat, 0.09, marimba(466.2, 0.13, 0.05), 0.7)
    sounds["cue_threat"] = threat

    # Your turn: a bright rising chime (G5, C6).
    own("cue_turn")
    turn = silence(0.4)
    at(turn, 0.0, bell(784.0, 0.3, 0.1), 0.6)
    at(turn, 0.1, bell(1046.5, 0.3, 0.12), 0.6)
    sounds["cue_turn"] = turn

    assert set(sounds) == set(EFFECTS), set(sounds) ^ set(EFFECTS)
    return {name: finish(sound, PEAK * LEVELS.get(name, 1.0)) for name, sound in sounds.items()}


def make() -> None:
    import soundfile

    OUT.mkdir(parents=True, exist_ok=True)
    for name, samples in synthesise().items():
        path = OUT / f"{name}.ogg"
        soundfile.write(
            path, samples, RATE, format="OGG", subtype="VORBIS", compression_level=1 - QUALITY
        )
        path.write_bytes(with_serial(path.read_bytes(), SERIAL))
        print(f"{path.relative_to(ROOT)}: {len(samples) / RATE:.2f} s, {path.stat().st_size} bytes")


def ogg_crc(page: bytes) -> int:
    """The Ogg page checksum (CRC-32, polynomial 0x04C11DB7, not reflected, no final xor)."""
    crc = 0
    for byte in page:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1) & 0xFFFFFFFF
    return crc


def with_serial(data: bytes, serial: int) -> bytes:
    """The Ogg file with its stream's serial number fixed (libsndfile picks one at random),
    so that making the sounds again gives the same bytes."""
    out = bytearray(data)
    pos = 0
    while pos < len(out):
        count = out[pos + 26]
        end = pos + 27 + count + sum(out[pos + 27 : pos + 27 + count])
        struct.pack_into("<I", out, pos + 14, serial)
        struct.pack_into("<I", out, pos + 22, 0)
        struct.pack_into("<I", out, pos + 22, ogg_crc(bytes(out[pos:end])))
        pos = end
    return bytes(out)


# ---------------------------------------------------------------- checking
def ogg_info(data: bytes) -> tuple[int, int, float]:
    """(channels, sample rate, seconds) of an Ogg Vorbis file, from its pages alone
    (each page's checksum verified)."""
    pos, granule, first = 0, 0, b""
    while pos < len(data):
        if data[pos : pos + 4] != b"OggS" or len(data) < pos + 27:
            raise ValueError(f"not an Ogg page at byte {pos}")
        position = struct.unpack_from("<q", data, pos + 6)[0]
        count = data[pos + 26]
        lacing = data[pos + 27 : pos + 27 + count]
        start = pos + 27 + count
        page = bytearray(data[pos : start + sum(lacing)])
        crc = struct.unpack_from("<I", page, 22)[0]
        page[22:26] = bytes(4)
        if len(page) < start + sum(lacing) - pos or ogg_crc(bytes(page)) != crc:
            raise ValueError(f"the Ogg page at byte {pos} is damaged (its checksum is wrong)")
        if not first:
            first = data[start : start + sum(lacing)]
        pos = start + sum(lacing)
        if position >= 0:
            granule = position
    if first[:7] != b"\x01vorbis" or len(first) < 16:
        raise ValueError("not Vorbis (no identification header)")
    channels, rate = first[11], struct.unpack_from("<I", first, 12)[0]
    if not rate:
        raise ValueError("a sample rate of 0")
    return channels, rate, granule / rate


def seam_level(sound: Any, ending: float) -> float:
    """How loud the loop before a sound's last ``ending`` seconds is where it meets itself
    (its last and first 5 ms), as a share of the sound's peak; the mixer is open."""
    import pygame

    rate, _, channels = pygame.mixer.get_init()
    samples = array("h")
    samples.frombytes(sound.get_raw())
    frames = len(samples) // channels
    loop_end = (frames - round(ending * rate)) * channels
    edge = round(0.005 * rate) * channels
    peak = max(1, max(abs(v) for v in samples))
    seam = samples[loop_end - edge : loop_end] + samples[:edge]
    return max(abs(v) for v in seam) / peak


def check() -> list[str]:
    """What is wrong with the shipped sounds (nothing: an empty list)."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from buttons_game.ui.games.buttons.session import ROLL_SECONDS
    from buttons_game.ui.sound import EFFECTS, ENDINGS, MAX_SECONDS, MIXER, effect_file

    problems: list[str] = []
    pygame.mixer.init(**MIXER)
    try:
        for name in EFFECTS:
            path = Path(effect_file(name))
            if not path.is_file():
                problems.append(f"{name}: {path} is missing")
                continue
            data = path.read_bytes()
            try:
                channels, rate, seconds = ogg_info(data)
                decoded = pygame.mixer.Sound(str(path)).get_length()
            except (ValueError, struct.error, pygame.error) as error:
                problems.append(f"{name}: cannot be read ({error})")
                continue
            print(f"{name}: {seconds:.2f} s, {len(data)} bytes, {channels} channel, {rate} Hz")
            wanted: list[tuple[bool, str]] = [
                (channels == 1, f"{channels} channels, not mono"),
                (rate in (22050, 44100), f"{rate} Hz, not 22.05 or 44.1 kHz"),
                (0 < seconds <= MAX_SECONDS, f"{seconds:.2f} s long (at most {MAX_SECONDS} s)"),
                (abs(decoded - seconds) < 0.02, f"decodes to {decoded:.2f} s, not {seconds:.2f} s"),
                (len(data) <= MAX_BYTES, f"{len(data)} bytes (at most {MAX_BYTES})"),
            ]
            if name == "roll":
                close = abs(seconds - ROLL_SECONDS) <= ROLL_TOLERANCE
                wanted.append((close, f"{seconds:.2f} s, but the dice roll {ROLL_SECONDS} s"))
                seam = seam_level(pygame.mixer.Sound(str(path)), ENDINGS[name])
                wanted.append((seam <= SEAM_LEVEL, f"its rattle loops with a click ({seam:.3f})"))
            problems += [f"{name}: {why}" for good, why in wanted if not good]
    finally:
        pygame.mixer.quit()
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify the shipped sounds")
    args = parser.parse_args(argv)
    if not args.check:
        make()
        return 0
    problems = check()
    for problem in problems:
        print(f"make_sounds: {problem}", file=sys.stderr)
    if not problems:
        print("the shipped sounds are fine")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
