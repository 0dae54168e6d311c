#include "search/bench.hpp"
int main(int argc, char** argv) { return tempo::search::bench_main(argc, argv); }
