#include "engine/game.hpp"

#include <algorithm>
#include <utility>

#include "engine/movegen.hpp"
#include "engine/notation_common.hpp"
#include "engine/notation_international.hpp"
#include "engine/rulebook.hpp"

namespace tempo {

namespace {

using notation_detail::color_name;

// A man move or a capture can never be undone, so no position before it can come back.
template <class P>
bool is_irreversible(const P& before, const Move& m) {
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
        case EndReason::KingMovesOnly:
            return "draw: 25 moves each with only king moves, no capture and no man move";
        case EndReason::SmallEnding:
            return "draw: 16 moves each in an ending of three kings, two kings and a man, or a king "
                   "and two men against a lone king";
        default:
            return "draw";
    }
}

namespace {

// The moves of a list sorted by their first route (squares as numbers).
template <RulesTrait B>
std::vector<Move> sorted_by_route(const BasicPosition<B>& p, const MoveListFor<B>& list) {
    std::vector<std::pair<std::vector<int>, Move>> keyed;
    for (const Move& m : list) {
        auto routes = Rulebook<B>::routes_of(p, m);
        keyed.emplace_back(routes.empty() ? std::vector<int>{} : std::move(routes.front()), m);
    }
    std::sort(keyed.begin(), keyed.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Move> out;
    for (const auto& k : keyed) out.push_back(k.second);
    return out;
}

}  // namespace

template <RulesTrait B>
std::vector<Move> legal_moves(const BasicPosition<B>& p) {
    MoveListFor<B> list;
    generate_moves(p, list);
    return sorted_by_route(p, list);
}

template std::vector<Move> legal_moves(const BasicPosition<Wcdf>&);
template std::vector<Move> legal_moves(const BasicPosition<intl::Fmjd>&);
template std::vector<Move> legal_moves(const BasicPosition<brazil::Cbd>&);

namespace {

// The start of a game under its Rules: English Rules say who moves first.
template <RulesTrait B>
BasicPosition<B> start_of(const GameRules<B>& r) {
    if constexpr (requires { r.first_to_move; })
        return BasicPosition<B>::start(r.first_to_move);
    else
        return BasicPosition<B>::start();
}

// The draw that the position alone decides under the Rules: English, `quiet_plies_limit` plies
// with no capture and no promotion; FMJD, the 25-move rule or the 16-move rule (rule_draw).
template <RulesTrait B>
EndReason counting_draw(const GameRules<B>& r, const BasicPosition<B>& p) {
    if constexpr (B::quiet_reset == QuietReset::Promotion) {
        return r.quiet_plies_limit > 0 && p.quiet_plies() >= r.quiet_plies_limit ? EndReason::QuietPlies
                                                                                 : EndReason::None;
    } else {
        if (!r.counting_draws || !tempo::rule_draw(p)) return EndReason::None;
        return p.quiet_plies() >= B::quiet_draw_plies ? EndReason::KingMovesOnly : EndReason::SmallEnding;
    }
}

}  // namespace

template <RulesTrait B>
BasicGame<B>::BasicGame(Rules rules) : rules_(rules), positions_{start_of<B>(rules)} {}

template <RulesTrait B>
Result<BasicGame<B>> BasicGame<B>::from_fen(std::string_view fen, Rules rules) {
    auto p = Rulebook<B>::parse_fen(fen);
    if (!p) return Error{p.error()};
    return from_position(p.value(), rules);
}

template <RulesTrait B>
BasicGame<B> BasicGame<B>::from_position(const Position& p, Rules rules) {
    BasicGame g(rules);
    g.positions_ = {p};
    return g;
}

template <RulesTrait B>
std::vector<std::string> BasicGame<B>::move_texts(Notation n) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < moves_.size(); ++i) out.push_back(Rulebook<B>::move_text(positions_[i], moves_[i], n));
    return out;
}

template <RulesTrait B>
std::vector<Move> BasicGame<B>::legal_moves() const {
    if (status().is_over()) return {};
    return Rulebook<B>::legal_moves(position());
}

template <RulesTrait B>
std::vector<std::string> BasicGame<B>::legal_move_texts(Notation n) const {
    if (status().is_over()) return {};
    return Rulebook<B>::legal_move_texts(position(), n);
}

template <RulesTrait B>
std::string BasicGame<B>::refusal() const {
    const Status s = status();
    return s.is_over() ? "the game is over (" + s.description() + ")" : std::string();
}

template <RulesTrait B>
Result<Move> BasicGame<B>::validate(std::string_view text) const {
    if (const std::string why = refusal(); !why.empty()) return Error{why};
    return Rulebook<B>::parse_move(position(), text);
}

template <RulesTrait B>
Result<Move> BasicGame<B>::play(std::string_view text) {
    auto m = validate(text);
    if (m) {
        positions_.push_back(position().after(m.value()));
        moves_.push_back(m.value());
    }
    return m;
}

template <RulesTrait B>
Result<Move> BasicGame<B>::play(const Move& m) {
    if (const std::string why = refusal(); !why.empty()) return Error{why};
    typename Rulebook<B>::MoveList list;
    Rulebook<B>::generate(position(), list);
    const auto it = std::find(list.begin(), list.end(), m);
    if (it == list.end())
        return Error{"not a legal move: " + Rulebook<B>::move_text(position(), m, Notation::Numbers)};
    positions_.push_back(position().after(*it));
    moves_.push_back(*it);
    return *it;
}

template <RulesTrait B>
bool BasicGame<B>::undo() {
    if (moves_.empty()) return false;
    moves_.pop_back();
    positions_.pop_back();
    return true;
}

template <RulesTrait B>
Status BasicGame<B>::status() const {
    const Position& p = position();
    Status s;
    s.to_move = p.side_to_move();
    s.quiet_plies = p.quiet_plies();
    if constexpr (requires { p.ending_plies(); }) s.ending_plies = p.ending_plies();
    if (!Rulebook<B>::has_moves(p)) {
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
    if (const EndReason r = counting_draw<B>(rules_, p); r != EndReason::None) {
        s.outcome = Outcome::Draw;
        s.reason = r;
    }
    return s;
}

template class BasicGame<Wcdf>;
template class BasicGame<intl::Fmjd>;
template class BasicGame<brazil::Cbd>;

}  // namespace tempo
