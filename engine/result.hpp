// Result<T>: a value or the message that says why there is none (g++ 12 has no std::expected).
//
// Every parser and validator of untrusted text returns one: it never throws and never exits, and
// the message names the problem in words a user can act on ("unknown square 33 in ...").
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tempo {

struct Error {
    std::string message;
};

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::move(value)) {}
    Result(Error e) : v_(std::move(e)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<0>(v_); }
    T& value() & { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    const std::string& error() const { return std::get<1>(v_).message; }

private:
    std::variant<T, Error> v_;
};

}  // namespace tempo
