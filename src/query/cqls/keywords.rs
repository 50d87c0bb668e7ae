//! Which arguments each CQL-S keyword takes (seed 004's index, plus the match-list keywords
//! cqlq supports). A keyword missing here is refused by name.

/// One parameter of a keyword.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A piece designator.
    Designator,
    /// A piece designator, if one follows.
    OptDesignator,
    /// A range specifier.
    Range,
    /// A range specifier, if one follows.
    OptRange,
    /// A range or a percentage.
    CountRange,
    /// `:pawncount`'s final range or percentage.
    PawnRange,
    /// A range in pawn units with decimals.
    DecimalRange,
    /// A range with `end` / `end-N`.
    EndRange,
    /// A position list, if one follows.
    OptList,
    /// A list of position lists.
    Lists,
    /// `:cond`'s clauses.
    CondLists,
    /// A word or quoted string.
    Word,
    /// A word, if one follows.
    OptWord,
    /// The `:` separating `:goodbishop`'s ranges.
    Colon,
    /// A quoted string or a parenthesised text.
    Text,
    /// A ray specifier `(D1 D2 ...)`.
    Designators,
    /// `:pawncount`'s attribute chain.
    PawnAttrs,
    /// An un-quoted string or a double-quoted pattern (`:player Kasparov`, `:event "Wch*"`).
    Pattern,
}

use Param::*;

/// The parameters of a keyword (without its colon), or None if cqlq does not know it.
pub fn signature(name: &str) -> Option<&'static [Param]> {
    Some(match name {
        // Simple keywords, transforms, move and control keywords without arguments.
        "check"
        | "mate"
        | "stalemate"
        | "wtm"
        | "btm"
        | "initial"
        | "terminal"
        | "final"
        | "contactcheck"
        | "doublecheck"
        | "endgame"
        | "fiftymoverule"
        | "gameisover"
        | "insidevariation"
        | "losing"
        | "matingmaterial"
        | "nomatingmaterial"
        | "mustcapture"
        | "nocheck"
        | "threefoldrepetition"
        | "variations"
        | "variationsonly"
        | "markall"
        | "noannotate"
        | "enpassant"
        | "noenpassant"
        | "nocastling"
        | "nopiecedrop"
        | "null"
        | "blackcannotwin"
        | "whitecannotwin"
        | "ischess960"
        | "isshufflechess"
        | "following"
        | "preceding"
        | "skip"
        | "flip"
        | "flipcolor"
        | "flipdiagonal"
        | "flipdihedral"
        | "fliphorizontal"
        | "flipvertical"
        | "shift"
        | "shiftdiagonal"
        | "shifthorizontal"
        | "shiftmaindiagonal"
        | "shiftoffdiagonal"
        | "shiftvertical"
        | "eithercolor" => &[],
        // The next move (help, "CQL - The position list": German text).
        "iscontactcheck" | "isdoublecheck" | "ismate" | "isstalemate" | "isnull" | "forced"
        | "captureforced" | "takeslastpiece" | "fivefoldrepetition" | "isillegal" | "isinvalid"
        | "obligation" | "donthasobligation" => &[],
        "ischeck" => &[OptRange],
        "halfmoveclock" | "repetitioncount" | "pretransformrepetitioncount" => &[Range],
        // `:checkcount 2`, `:checkcount +0+3`.
        "checkcount" => &[Word],
        "line*" => &[Text],
        "match" | "matchconsecutive" => &[Lists],
        // `:endgameevaluation mate >=40`, `:endgameevaluation *mate`.
        "endgameevaluation" | "endgameevaluation*" => &[Word, OptRange],
        // The match list's game information (Scidb's "CQL - The match list").
        "eventcountry" | "eventmode" | "eventtype" | "timemode" | "country" | "whitecountry"
        | "blackcountry" | "gender" | "whitegender" | "blackgender" | "title" | "whitetitle"
        | "blacktitle" | "eco" | "termination" | "output" | "pgn" => &[Word],
        "eventcategory" | "round" | "subround" | "birthyear" | "whitebirthyear"
        | "blackbirthyear" | "deathyear" | "whitedeathyear" | "blackdeathyear" | "gamenumber"
        | "plycount" => &[Range],
        "rating" | "ratingdifference" | "averagerating" | "averagerating*" => &[Word, Range],
        "date" | "eventdate" => &[Word, OptWord, OptWord],
        "iscomputer" | "whiteiscomputer" | "blackiscomputer" | "ishuman" | "whiteishuman"
        | "blackishuman" | "goodgame" | "hasannotation" | "hasvariations" => &[],
        "hascomments" | "hasmarker" | "hasspecialmarker" | "error" => &[OptWord],
        "comment" => &[Text],
        "tag" => &[Word, OptWord],
        "castling" => &[Designator],
        "iscastling" | "opposition" => &[OptDesignator],
        "halfmoveclocklimit" => &[Range],
        "fen" => &[Text],
        "inside" => &[Designator, Designator],
        "attackcount" => &[Designator, Designator, Range],
        "goodbishop" => &[OptDesignator, CountRange, Colon, CountRange],
        "pawncount" => &[OptDesignator, PawnAttrs, PawnRange],
        "pawncountdifference" => &[Designator, OptDesignator, PawnAttrs, Range],
        "piececount" | "power" => &[Designator, Range],
        "piececountdifference" | "powerdifference" => &[Designator, OptDesignator, Range],
        "ray" | "rayattack" | "raydiagonal" | "rayhorizontal" | "rayorthogonal" | "rayvertical" => {
            &[Designators, OptRange]
        }
        "movefrom" | "moveto" | "promote" => &[Designator],
        "halfmovenumber" | "movenumber" => &[EndRange],
        "line" => &[Text],
        "sequence" | "gappedsequence" | "and" | "or" | "xor" => &[Lists],
        "not" | "cut" | "exclude" => &[OptList],
        "cond" => &[CondLists],
        "player" | "whiteplayer" | "blackplayer" | "event" | "site" | "annotator" => &[Pattern],
        "elo" | "whiteelo" | "blackelo" | "year" | "matchcount" | "pretransformmatchcount" => {
            &[Range]
        }
        "whiterating" | "blackrating" => &[Word, Range],
        "result" | "startposition" | "variant" | "accumulate" | "accumulate*" | "reset" => &[Word],
        "sumrange" => &[Word, Range],
        "tagmatch" | "forany" => &[Word, Designator],
        "relation" => &[Text],
        "exchangeevaluation" => &[DecimalRange],
        "maxswapevaluation" => &[OptDesignator, OptDesignator, DecimalRange],
        // :evaluation depth 4 >=2.5 sidetomove | :evaluation depth 6 mate
        "evaluation" => &[Word, Word, Word, OptWord, OptWord],
        // :moveevaluation X Y depth 4 >=3.0 sidetomove (range and limit in either order)
        "moveevaluation" => &[Designator, Designator, Word, Word, Word, OptWord, OptWord],
        _ => return None,
    })
}
