#!/usr/bin/env python3
"""Truth for cqlq's FBR `promotion=capture` and `promotion=stack` (seed 001): Fairy-Stockfish
(pyffish) lists every legal move of hand-picked positions of two variants it expresses with
its own options. Writes tests/expected/fbr-promotion-fsf.txt:

    case <TAB> fen <TAB> the sorted UCI moves (Fairy-Stockfish's `+` written as `q`)

- `capture`, `capture6`, `captureoptional`: a soldier `S` (Betza fmWfcF, SjaakII `step N` /
  `step NE,NW`) promoting to a queen in the zone only by capturing: Fairy-Stockfish's
  `piecePromotionOnCapture` with `immobilityIllegal` (a piece may not end where it cannot
  move on: FBR's "dead piece" rule), `mandatoryPiecePromotion` true (FBR's compulsory default)
  or false (`optional`); the zone the last rank or ranks 6-8 (black's mirrored).
- `stack`: chess whose pawns promote only to pieces the side has lost: Fairy-Stockfish's
  `promotionLimit = q:1 r:2 b:2 n:2` (Grand Chess's rule: no more of a type than the start).

Run: pip install pyffish; python3 scripts/fbr_promotion_fsf.py > tests/expected/fbr-promotion-fsf.txt
"""
import pyffish as sf

SOLDIER = """
customPiece1 = s:fmWfcF
promotedPieceType = s:q
piecePromotionOnCapture = true
immobilityIllegal = true
castling = false
"""

INI = f"""
[capture:chess]
{SOLDIER}
promotionRegionWhite = *8
promotionRegionBlack = *1
mandatoryPiecePromotion = true

[capture6:chess]
{SOLDIER}
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
mandatoryPiecePromotion = true

[captureoptional:chess]
{SOLDIER}
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
mandatoryPiecePromotion = false

[stack:chess]
promotionLimit = q:1 r:2 b:2 n:2
"""

SOLDIER_FENS = [
    "r3k3/1S6/8/8/8/8/8/4K3 w - - 0 1",
    "rn2k3/1S6/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/1S6/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/5s2/K5N1 b - - 0 1",
    "4k3/8/2r5/1S6/8/8/8/4K3 w - - 0 1",
    "4k3/1S6/2n5/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/2s5/1N6/8/4K3 b - - 0 1",
]

STACK_FENS = [
    "4k3/1P6/8/8/8/8/8/RNBQKBNR w - - 0 1",
    "4k3/1P6/8/8/8/8/8/RNB1KBNR w - - 0 1",
    "r3k3/1P6/8/8/8/8/8/R1BQKBN1 w - - 0 1",
    "4k3/1P6/8/8/8/8/8/RNBQKQNR w - - 0 1",
    "rnbqkbnr/8/8/8/8/8/6p1/4K3 b - - 0 1",
    "rn1qkbnr/8/8/8/8/8/6p1/4K2R b - - 0 1",
]

sf.load_variant_config(INI)
print("# Source: Fairy-Stockfish via pyffish %s; scripts/fbr_promotion_fsf.py" % ".".join(map(str, sf.version())))
print("# case\tfen\tlegal moves")
for case in ["capture", "capture6", "captureoptional"]:
    for fen in SOLDIER_FENS:
        moves = sorted(m.replace("+", "q") for m in sf.legal_moves(case, fen, []))
        print(f"{case}\t{fen}\t{' '.join(moves)}")
for fen in STACK_FENS:
    print(f"stack\t{fen}\t{' '.join(sorted(sf.legal_moves('stack', fen, [])))}")
