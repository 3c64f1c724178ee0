// Generator: `gen SEED T N` prints T cases, each a pile `n k` with n and k in 1..N.
//
// The harness runs it as `./gen {seed} {t} {n}` with values from [gen]. The same arguments
// must print the same input: every random choice comes from SEED (mt19937_64 is the same
// stream everywhere; the draw below avoids distributions, which differ between libraries).
//
// `gen --batch` (the problem file's `gen_batch`) reads a line `SEED T N` per input on stdin
// and prints each input as `gen SEED T N` prints it alone, one after the other.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

static void generate(unsigned long long seed, long long t, long long top) {
    std::mt19937_64 rng(seed);
    auto draw = [&] { return 1 + static_cast<long long>(rng() % static_cast<unsigned long long>(top)); };
    std::printf("%lld\n", t);
    for (long long c = 0; c < t; c++) {
        long long n = draw(), k = draw();
        std::printf("%lld %lld\n", n, k);
    }
}

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--batch") == 0) {
        unsigned long long seed;
        long long t, top;
        while (std::scanf("%llu %lld %lld", &seed, &t, &top) == 3) generate(seed, t, top);
        return 0;
    }
    if (argc < 4) {
        std::fprintf(stderr, "usage: gen SEED T N, or gen --batch\n");
        return 2;
    }
    generate(std::strtoull(argv[1], nullptr, 10), std::atoll(argv[2]), std::atoll(argv[3]));
}
