// A right player for green-hackenbush-interactive (protocol: `harness list`): exact values by
// search over the edges still there (a bitmask), for the small graphs of the config.
#include <cstdio>
#include <unordered_map>
#include <vector>

static int n, m;
static std::vector<std::pair<int, int>> edges;
static std::unordered_map<unsigned, int> memo;

static unsigned rooted(unsigned mask) {
    std::vector<char> seen(n, 0);
    seen[0] = 1;
    unsigned on = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int e = 0; e < m; e++) {
            if ((mask >> e & 1) && !(on >> e & 1) && (seen[edges[e].first] || seen[edges[e].second])) {
                on |= 1u << e;
                seen[edges[e].first] = seen[edges[e].second] = 1;
                changed = true;
            }
        }
    }
    return on;
}

static int sg(unsigned mask) {
    auto it = memo.find(mask);
    if (it != memo.end()) return it->second;
    std::vector<char> seen(m + 2, 0);
    for (int e = 0; e < m; e++) {
        if (mask >> e & 1) {
            int g = sg(rooted(mask & ~(1u << e)));
            if (g < m + 2) seen[g] = 1;
        }
    }
    int g = 0;
    while (seen[g]) g++;
    return memo[mask] = g;
}

static unsigned mask;

static void move() {
    int pick = -1;
    for (int e = 0; e < m; e++) {
        if (!(mask >> e & 1)) continue;
        if (pick < 0) pick = e;
        if (sg(rooted(mask & ~(1u << e))) == 0) {
            pick = e;
            break;
        }
    }
    if (pick < 0) return;
    mask = rooted(mask & ~(1u << pick));
    printf("%d\n", pick + 1);
    fflush(stdout);
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    edges.resize(m);
    for (auto& [u, v] : edges) {
        scanf("%d %d", &u, &v);
        u--, v--;
    }
    mask = rooted(m == 32 ? ~0u : (1u << m) - 1);
    bool first = sg(mask) != 0;
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) move();
    int e;
    while (scanf("%d", &e) == 1 && e > 0) {
        mask = rooted(mask & ~(1u << (e - 1)));
        move();
    }
    return 0;
}
