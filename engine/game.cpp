#include "engine/game.hpp"

#include <algorithm>
#include <utility>

namespace tempo {

namespace {

const char* color_name(Color c) { return c == Color::Black ? "Black" : "White"; }

// A man move or a capture can never be undone, so no position before it can come back.
bool is_irreversible(const Position& before, const Move& m) {
    return m.is_capture() || (before.men(before.side_to_move()) & bit(m.from)) != 0;
}

}  // namespace

std::string Status::description() const {
    switch (outcome) {
        case Outcome::Ongoing:
            return std::string("game in progress, ") + color_name(to_move) + " to move";
        case Outcome::BlackWins:
        case Outcome::WhiteWins:
            return std::string(outcome == Outcome::BlackWins ? "Black" : "White") + " wins: " +
                   color_name(to_move) + " has no legal move";
        case Outcome::Draw:
            break;
    }
    switch (reason) {
        case EndReason::QuietPlies:
            return "draw: " + std::to_string(quiet_plies) +
                   " plies without a capture or a promotion";
        case EndReason::Repetition:
            return "draw: the same position occurred three times";
        default:
            return "draw";
    }
}

std::vector<Move> legal_moves(const Position& p) {
    MoveList list;
    generate_moves(p, list);
    std::vector<std::pair<std::vector<int>, Move>> keyed;
    for (const Move& m : list) {
        auto routes = routes_of(p, m);
        keyed.emplace_back(routes.empty() ? std::vector<int>{} : std::move(routes.front()), m);
    }
    std::sort(keyed.begin(), keyed.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Move> out;
    for (const auto& k : keyed) out.push_back(k.second);
    return out;
}

std::vector<std::string> legal_move_texts(const Position& p, Notation n) {
    std::vector<std::string> out;
    for (const Move& m : legal_moves(p)) out.push_back(move_text(p, m, n));
    return out;
}

Game::Game(Rules rules) : rules_(rules), positions_{Position::start(rules.first_to_move)} {}

Result<Game> Game::from_fen(std::string_view fen, Rules rules) {
    auto p = parse_fen(fen);
    if (!p) return Error{p.error()};
    return from_position(p.value(), rules);
}

Game Game::from_position(const Position& p, Rules rules) {
    Game g(rules);
    g.positions_ = {p};
    return g;
}

std::vector<std::string> Game::move_texts(Notation n) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < moves_.size(); ++i) out.push_back(move_text(positions_[i], moves_[i], n));
    return out;
}

std::vector<Move> Game::legal_moves() const {
    if (status().is_over()) return {};
    return tempo::legal_moves(position());
}

std::vector<std::string> Game::legal_move_texts(Notation n) const {
    if (status().is_over()) return {};
    return tempo::legal_move_texts(position(), n);
}

std::string Game::refusal() const {
    const Status s = status();
    return s.is_over() ? "the game is over (" + s.description() + ")" : std::string();
}

Result<Move> Game::validate(std::string_view text) const {
    if (const std::string why = refusal(); !why.empty()) return Error{why};
    return parse_move(position(), text);
}

Result<Move> Game::play(std::string_view text) {
    auto m = validate(text);
    if (m) {
        positions_.push_back(position().after(m.value()));
        moves_.push_back(m.value());
    }
    return m;
}

Result<Move> Game::play(const Move& m) {
    if (const std::string why = refusal(); !why.empty()) return Error{why};
    MoveList list;
    generate_moves(position(), list);
    const auto it = std::find(list.begin(), list.end(), m);
    if (it == list.end()) return Error{"not a legal move: " + move_text(position(), m)};
    positions_.push_back(position().after(*it));
    moves_.push_back(*it);
    return *it;
}

bool Game::undo() {
    if (moves_.empty()) return false;
    moves_.pop_back();
    positions_.pop_back();
    return true;
}

Status Game::status() const {
    const Position& p = position();
    Status s;
    s.to_move = p.side_to_move();
    s.quiet_plies = p.quiet_plies();
    if (count_moves(p) == 0) {
        s.outcome = p.side_to_move() == Color::Black ? Outcome::WhiteWins : Outcome::BlackWins;
        s.reason = EndReason::NoLegalMoves;
        return s;
    }
    if (rules_.repetition_draw) {
        int seen = 0;
        for (std::size_t i = positions_.size(); i-- > 0;) {
            if (positions_[i].key() == p.key() && positions_[i] == p) ++seen;
            if (i == 0 || is_irreversible(positions_[i - 1], moves_[i - 1])) break;
        }
        if (seen >= 3) {
            s.outcome = Outcome::Draw;
            s.reason = EndReason::Repetition;
            return s;
        }
    }
    if (rules_.quiet_plies_limit > 0 && p.quiet_plies() >= rules_.quiet_plies_limit) {
        s.outcome = Outcome::Draw;
        s.reason = EndReason::QuietPlies;
    }
    return s;
}

}  // namespace tempo
