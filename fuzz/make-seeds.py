#!/usr/bin/env python3
# Writes the hand-made seeds of fuzz/corpus/image and fuzz/corpus/report
# (the parse seeds are plain text files).  Layouts: see fuzz-image.c and
# fuzz-report.c.  Checksums are left for fuzz-image.c to fill in.
import os
import struct

top = os.path.dirname(os.path.abspath(__file__))

EXTEND, HDR_CSUM, REC_CSUM, RDONLY, RAW = 1, 2, 4, 8, 16
HM, HA = 2, 1
NOT_WP, EMPTY, IMP_OPEN, EXP_OPEN, CLOSED, FULL = 0, 1, 2, 3, 4, 0xE
W, WANY, R, RESET, OPEN, CLOSE, FINISH, ALL = range(8)


def data_offset(nr):
    return 4096 + (nr * 64 + 4095) // 4096 * 4096


def header(model=HM, lbs=4096, zs=65536, cap=None, nr=4, conv=1, mo=0, ma=0):
    h = b"LBZIMAGE" + struct.pack("<IIII", 1, 128, model, lbs)
    h += struct.pack("<QQIIII", zs, cap or zs, nr, conv, mo, ma)
    h += struct.pack("<QQ", 4096, data_offset(nr))
    h += bytes(48) + struct.pack("<Q", 1)
    assert len(h) == 128
    return h


def slot(wp=0, de=0, gen=1, cond=EMPTY, valid=True):
    if not valid:
        return bytes(32)
    return struct.pack("<QQIB3xQ", wp, de, gen, cond, 1)


def image_seed(name, flags, ops, hdr, recs=()):
    ctl = bytes([flags]) + bytes(b for op in ops for b in op)
    ctl = ctl.ljust(16, b"\0")
    with open(os.path.join(top, "corpus", "image", name), "wb") as f:
        f.write(ctl + hdr + b"".join(recs))


def fresh(nr, conv):
    return [slot(cond=NOT_WP if i < conv else EMPTY) + slot(valid=False)
            for i in range(nr)]


F = EXTEND | HDR_CSUM | REC_CSUM
image_seed("hm-fresh", F,
           [(W, 1, 0), (W, 1, 3), (FINISH, 2, 0), (RESET, 1, 0), (OPEN, 3, 0)],
           header(), fresh(4, 1))
image_seed("hm-writes-anywhere", F,
           [(WANY, 1, 2), (R, 1, 0), (W, 0, 1), (CLOSE, 1, 0), (ALL, 0, 3)],
           header(), fresh(4, 1))
image_seed("ha-limits", F,
           [(W, 3, 7), (OPEN, 4, 0), (W, 5, 1), (CLOSE, 1, 0), (ALL, 0, 0)],
           header(model=HA, lbs=512, cap=49152, nr=6, conv=0, mo=1, ma=2),
           [slot(cond=IMP_OPEN, wp=4096, de=4096) + slot(valid=False),
            slot(cond=CLOSED, wp=8192, de=8192) + slot(valid=False)]
           + fresh(4, 0))
image_seed("two-slots", F,
           [(R, 1, 7), (W, 1, 0), (RESET, 2, 0), (FINISH, 1, 0), (R, 2, 0)],
           header(nr=3, conv=1),
           [slot(cond=NOT_WP) + slot(valid=False),
            slot(gen=7, cond=EMPTY) + slot(gen=8, cond=IMP_OPEN, wp=4096, de=4096),
            slot(gen=0xffffffff, cond=FULL, wp=65536, de=8192) + slot(gen=0, cond=EMPTY)])
image_seed("rdonly", F | RDONLY,
           [(W, 1, 0), (R, 1, 0), (RESET, 1, 0), (ALL, 0, 0), (R, 0, 0)],
           header(nr=2, conv=1), fresh(2, 1))
image_seed("short-file", HDR_CSUM | REC_CSUM, [], header(), fresh(4, 1))
image_seed("bad-header-checksum", EXTEND | REC_CSUM, [], header(), fresh(4, 1))
image_seed("bad-record-checksum", EXTEND | HDR_CSUM, [], header(), fresh(4, 1))
image_seed("truncated-header", RAW, [], header()[:100])
image_seed("not-an-image", RAW, [], b"#!/bin/sh\necho not a zone image\n")
image_seed("empty", RAW, [], b"")

# --- report ----------------------------------------------------------------

BLK_ZONE = struct.Struct("<QQQBBBB4xQ24x")   # start len wp type cond non_seq reset capacity


def zone(start, length, wp=None, typ=2, cond=EMPTY, cap=None):
    return BLK_ZONE.pack(start, length, start if wp is None else wp, typ, cond,
                         0, 0, cap or length)


def answer(zones, sel=0, count=0, flags=1):
    return struct.pack("<BIIB", sel, count, flags, len(zones)) + b"".join(zones)


def report_seed(name, zshift, nr, flags, part, off, length, maxz, cf, tf, answers):
    hdr = struct.pack("<BHBBHHBBB", zshift, nr - 1, flags, part, off, length,
                      maxz, cf, tf)
    assert len(hdr) == 12
    with open(os.path.join(top, "corpus", "report", name), "wb") as f:
        f.write(hdr + b"".join(answers))


zs = 128
report_seed("four-zones", 7, 4, 0, 0, 0, 0, 0, 0, 0,
            [answer([zone(i * zs, zs, typ=1 if i == 0 else 2,
                          cond=NOT_WP if i == 0 else EMPTY) for i in range(4)])])
report_seed("batches", 7, 6, 0, 0, 0, 0, 0, 0, 0,
            [answer([zone(0, zs), zone(zs, zs)]),
             answer([zone(2 * zs, zs, cond=FULL, wp=3 * zs)]),
             answer([zone(i * zs, zs) for i in range(3, 6)])])
report_seed("cached-fallback", 7, 3, 2, 0, 0, 0, 0, 0, 0,
            [answer([zone(i * zs, zs, cond=IMP_OPEN, wp=i * zs + 8) for i in range(3)])])
report_seed("cached-active", 7, 3, 6, 0, 0, 0, 0, 0x10, 0,
            [answer([zone(0, zs, cond=0xFF, wp=8), zone(zs, zs), zone(2 * zs, zs, cond=0xFF)],
                    flags=1 | 1 << 31)])
report_seed("partition", 7, 8, 1, 2, 130, 300, 0, 0, 2,
            [answer([zone(i * zs, zs) for i in range(2, 8)])])
report_seed("too-many", 7, 4, 0, 0, 0, 0, 0, 0, 0,
            [answer([zone(0, zs)], sel=1, count=0xffffffff)])
report_seed("zero-length", 7, 4, 0, 0, 0, 0, 0, 0, 0,
            [answer([zone(0, 0), zone(0, zs)])])
report_seed("backwards", 7, 4, 0, 0, 0, 0, 2, 0, 0,
            [answer([zone(zs, zs), zone(0, zs)])])
report_seed("error", 7, 4, 0, 0, 0, 0, 0, 0, 0,
            [answer([zone(0, zs)]), answer([], sel=2)])
report_seed("overflow", 23, 2, 0, 0, 0, 0, 0, 0, 0,
            [answer([zone(0, 1 << 23), zone(0xffffffffffffff00, 0x200, wp=0xffffffffffffffff)])])
report_seed("no-capacity-flag", 0, 1, 0, 0, 0, 0, 0, 0, 0,
            [answer([zone(0, 1, cap=0)], flags=0)])

# --- parse -----------------------------------------------------------------

SIZE, U64, COND, TYPE = range(4)
for name, kind, text in [
        ("size-sectors", SIZE, "8"), ("size-mib", SIZE, "4MiB"),
        ("size-gb", SIZE, "3GB"), ("size-hex", SIZE, "0x10"),
        ("size-bytes", SIZE, "4096B"), ("size-exa", SIZE, "1E"),
        ("size-overflow", SIZE, "16E"), ("size-bad-suffix", SIZE, "1KiBx"),
        ("size-long", SIZE, "1" * 40), ("size-fraction", SIZE, "1.25KB"),
        ("size-hex-unit", SIZE, "0x10K"), ("size-octal", SIZE, "010"),
        ("u64-big", U64, "36028797018963968"),
        ("u64-hex", U64, "0xfF"), ("u64-max", U64, "18446744073709551615"),
        ("u64-over", U64, "18446744073709551616"), ("u64-bad", U64, "0x"),
        ("mask-cond", COND, "em,oi,full,0xff"), ("mask-empty-item", COND, "em,,fu"),
        ("mask-type", TYPE, "conv,swr,seq-pref,3"), ("mask-bad", TYPE, "nope"),
        ("mask-trailing-comma", COND, "em,")]:
    with open(os.path.join(top, "corpus", "parse", name), "wb") as f:
        f.write(bytes([kind]) + text.encode())
