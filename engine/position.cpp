// BasicPosition for the games Tempo plays; the bodies are in position_impl.hpp.
#include "engine/position_impl.hpp"

#include "engine/brazilian.hpp"
#include "engine/international.hpp"

namespace tempo {

template class BasicPosition<Wcdf>;
template class BasicPosition<intl::Fmjd>;
template class BasicPosition<brazil::Cbd>;

}  // namespace tempo
