#include "protocol/report.hpp"

#include <algorithm>

#include "protocol/variant.hpp"
#include "search/eval.hpp"

namespace tempo::protocol {

using search::Score;

std::string score_text(Score s) {
    if (!search::is_decisive(s)) return "cp " + std::to_string(s);
    const int moves = (search::plies_to_end(s) + 1) / 2;
    return "mate " + std::to_string(search::is_win(s) ? moves : -moves);
}

template <class P>
std::string line_text(P p, const std::vector<Move>& moves, Notation n) {
    std::string s;
    for (const Move& m : moves) {
        if (!s.empty()) s += ' ';
        s += VariantOf<P>::type::move_text(p, m, n);
        p = p.after(m);
    }
    return s;
}

template <class P>
std::string info_line(const P& root, const search::Info& i, int multipv, Notation n) {
    std::string s = "info depth " + std::to_string(i.depth) + " seldepth " + std::to_string(i.seldepth) +
                    " multipv " + std::to_string(multipv) + " score " + score_text(i.score) +
                    " nodes " + std::to_string(i.nodes) + " nps " + std::to_string(i.nps) + " time " +
                    std::to_string(i.time_ms) + " hashfull " + std::to_string(i.hashfull);
    if (!i.pv.empty()) s += " pv " + line_text(root, i.pv, n);
    return s;
}

template std::string line_text(Position, const std::vector<Move>&, Notation);
template std::string line_text(intl::Position, const std::vector<Move>&, Notation);
template std::string info_line(const Position&, const search::Info&, int, Notation);
template std::string info_line(const intl::Position&, const search::Info&, int, Notation);
template std::string line_text(brazil::Position, const std::vector<Move>&, Notation);
template std::string info_line(const brazil::Position&, const search::Info&, int, Notation);

std::string status_line(const Status& s) {
    const char* side = s.to_move == Color::Black ? "black" : "white";
    const char* outcome = s.outcome == Outcome::BlackWins   ? "black-wins"
                          : s.outcome == Outcome::WhiteWins ? "white-wins"
                          : s.outcome == Outcome::Draw      ? "draw"
                                                            : "ongoing";
    if (!s.is_over()) return std::string("status ongoing ") + side + " to move";
    const char* reason = s.reason == EndReason::NoLegalMoves    ? "no-legal-moves"
                         : s.reason == EndReason::QuietPlies    ? "80-ply-rule"
                         : s.reason == EndReason::KingMovesOnly ? "25-move-rule"
                         : s.reason == EndReason::SmallEnding   ? "16-move-rule"
                                                                : "repetition";
    return std::string("status ") + outcome + " " + reason;
}

std::vector<std::pair<std::string, Score>> eval_terms(const Position& p) {
    using search::Weights;
    const Score total = search::evaluate(p);
    // A term's part: the score less the score with that term's weights at zero.
    auto without = [&](const char* name, auto&& zero) {
        Weights w = search::DefaultWeights;
        zero(w);
        return std::pair<std::string, Score>{name, total - search::evaluate(p, w)};
    };
    std::vector<std::pair<std::string, Score>> terms{
        without("material", [](Weights& w) { w.man = w.king_opening = w.king_endgame = 0; }),
        without("back-rank", [](Weights& w) { w.back_rank_man = w.bridge = 0; }),
        without("advancement", [](Weights& w) {
            std::fill(std::begin(w.advance_opening), std::end(w.advance_opening), 0);
            std::fill(std::begin(w.advance_endgame), std::end(w.advance_endgame), 0);
        }),
        without("centre-edges", [](Weights& w) { w.centre_man = w.centre_king = w.edge_king = 0; }),
        without("mobility", [](Weights& w) { w.mobility = 0; }),
        without("runaway", [](Weights& w) { w.runaway = w.runaway_step = 0; }),
        without("trapped-kings", [](Weights& w) { w.trapped_king = 0; }),
        without("trade", [](Weights& w) { w.trade = 0; }),
        without("endgame", [](Weights& w) { w.chase = w.double_corner = 0; }),
    };
    if (search::DefaultWeights.rich) {
        terms.push_back(without("man-squares", [](Weights& w) {
            w.man_square_opening.fill(0);
            w.man_square_endgame.fill(0);
        }));
        terms.push_back(without("back-formation", [](Weights& w) { w.back_formation.fill(0); }));
        terms.push_back(without("dog-hole", [](Weights& w) { w.dog_hole = 0; }));
        terms.push_back(without("the-move", [](Weights& w) { w.opposition = 0; }));
    }
    terms.emplace_back("total", total);
    return terms;
}

}  // namespace tempo::protocol
