// Generator: `gen SEED T N` prints T cases, each a pile `n k` with n and k in 1..N.
//
// The harness runs it as `./gen {seed} {t} {n}` with values from [gen]. The same arguments
// must print the same input: every random choice comes from SEED (mt19937_64 is the same
// stream everywhere; the draw below avoids distributions, which differ between libraries).
#include <cstdio>
#include <cstdlib>
#include <random>

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: gen SEED T N\n");
        return 2;
    }
    std::mt19937_64 rng(std::strtoull(argv[1], nullptr, 10));
    long long t = std::atoll(argv[2]), top = std::atoll(argv[3]);
    auto draw = [&] { return 1 + static_cast<long long>(rng() % static_cast<unsigned long long>(top)); };
    std::printf("%lld\n", t);
    for (long long c = 0; c < t; c++) {
        long long n = draw(), k = draw();
        std::printf("%lld %lld\n", n, k);
    }
}
