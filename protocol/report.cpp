#include "protocol/report.hpp"

#include <algorithm>
#include <cstdio>

#include "search/eval.hpp"

namespace tempo::protocol {

using search::Score;

std::string score_text(Score s) {
    if (!search::is_decisive(s)) return "cp " + std::to_string(s);
    const int moves = (search::plies_to_end(s) + 1) / 2;
    return "mate " + std::to_string(search::is_win(s) ? moves : -moves);
}

std::string line_text(Position p, const std::vector<Move>& moves, Notation n) {
    std::string s;
    for (const Move& m : moves) {
        if (!s.empty()) s += ' ';
        s += move_text(p, m, n);
        p = p.after(m);
    }
    return s;
}

std::string info_line(const Position& root, const search::Info& i, int multipv, Notation n) {
    std::string s = "info depth " + std::to_string(i.depth) + " seldepth " + std::to_string(i.seldepth) +
                    " multipv " + std::to_string(multipv) + " score " + score_text(i.score) +
                    " nodes " + std::to_string(i.nodes) + " nps " + std::to_string(i.nps) + " time " +
                    std::to_string(i.time_ms) + " hashfull " + std::to_string(i.hashfull);
    if (!i.pv.empty()) s += " pv " + line_text(root, i.pv, n);
    return s;
}

std::vector<std::string> board_lines(const Position& p) {
    // Place each square by its board name (a1 = square 29), so the drawing cannot disagree with
    // the notation.
    std::vector<std::string> rows(8, std::string(16, ' '));
    std::vector<std::string> numbers(8);
    for (int s = 0; s < 32; ++s) {
        const std::string name = square_text(s, Notation::Names);
        const auto file = std::size_t(name[0] - 'a');
        const auto row = std::size_t('8' - name[1]);
        const Bitboard b = bit(Geo::bit_of(s));
        const bool king = (p.kings() & b) != 0;
        char c = '.';
        if (p.pieces(Color::Black) & b) c = king ? 'B' : 'b';
        if (p.pieces(Color::White) & b) c = king ? 'W' : 'w';
        rows[row][2 * file] = c;
        char num[4];
        std::snprintf(num, sizeof num, "%3d", s + 1);
        numbers[row] += num;
    }
    std::vector<std::string> out;
    for (std::size_t r = 0; r < 8; ++r)
        out.push_back(std::to_string(8 - r) + "  " + rows[r] + "  " + numbers[r]);
    out.push_back("   a b c d e f g h");
    return out;
}

std::string status_line(const Status& s) {
    const char* side = s.to_move == Color::Black ? "black" : "white";
    const char* outcome = s.outcome == Outcome::BlackWins   ? "black-wins"
                          : s.outcome == Outcome::WhiteWins ? "white-wins"
                          : s.outcome == Outcome::Draw      ? "draw"
                                                            : "ongoing";
    if (!s.is_over()) return std::string("status ongoing ") + side + " to move";
    const char* reason = s.reason == EndReason::NoLegalMoves ? "no-legal-moves"
                         : s.reason == EndReason::QuietPlies ? "80-ply-rule"
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
    terms.emplace_back("total", total);
    return terms;
}

}  // namespace tempo::protocol
