// green-hackenbush-interactive's interactor (protocol:
// gen/src/judge/green_hackenbush_interactive.rs): Green Hackenbush on a rooted multigraph
// (vertices 1..n, root 1, loops and parallel edges). The value, recomputed after each deletion:
// by the fusion principle the vertices of a 2-edge-connected component fuse into one and its
// edges become loops, each worth 1; the colon principle then values the tree of components, a
// component being worth the parity of its edges XOR, over each bridge down to a child component,
// (the child's value + 1). One iterative DFS from the root (no recursion: a path of 500 000
// vertices) finds the bridges by low-links, skipping the edge it came by (so parallel edges are
// a cycle) and drops the edges it cannot reach; the components are valued bottom-up in reverse
// discovery order. O(n + m) per value. The jury tries the edges in number order: with a
// non-zero value it deletes the first whose deletion leaves 0, else the one leaving the largest
// value; O(m (n + m)) per jury move. Reference: Berlekamp, Conway and Guy, Winning Ways,
// chapter 7 (the colon and fusion principles).
#include "interaction.h"

struct Hackenbush {
    static constexpr const char *over = "0";
    static constexpr const char *rejected = "-1";
    int n = 0;
    std::vector<std::pair<int, int>> edges;
    std::vector<char> there;          // edge still there (and connected to the root)
    std::vector<int> start, incident;  // CSR over every edge: incident[start[v]..] = edge ids at v
    // One valuation's work arrays, kept between calls.
    std::vector<int> disc, low, parent_edge, order, next;
    std::vector<unsigned> parity, colon;

    void index() {
        start.assign(n + 2, 0);
        for (auto [u, v] : edges) start[u + 1]++, start[v + 1]++;
        for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
        incident.resize(2 * edges.size());
        std::vector<int> fill(start.begin(), start.end() - 1);
        for (int e = 0; e < (int)edges.size(); e++) {
            incident[fill[edges[e].first]++] = e;
            incident[fill[edges[e].second]++] = e;
        }
        there.assign(edges.size(), 1);
    }

    int other(int e, int v) const { return edges[e].first == v ? edges[e].second : edges[e].first; }

    // Discovery times and low-links of the vertices the root reaches by edges still there,
    // `order` in discovery order.
    void search() {
        disc.assign(n + 1, 0), low.assign(n + 1, 0), parent_edge.assign(n + 1, -1);
        next.assign(start.begin(), start.end() - 1);
        order.clear();
        std::vector<int> stack{1};
        disc[1] = low[1] = 1;
        order.push_back(1);
        while (!stack.empty()) {
            int v = stack.back();
            if (next[v] < start[v + 1]) {
                int e = incident[next[v]++];
                if (!there[e] || e == parent_edge[v]) continue;
                int w = other(e, v);
                if (disc[w] == 0) {
                    disc[w] = low[w] = (int)order.size() + 1;
                    parent_edge[w] = e;
                    order.push_back(w);
                    stack.push_back(w);
                } else {
                    low[v] = std::min(low[v], disc[w]);
                }
                continue;
            }
            stack.pop_back();
            if (v != 1) {
                int p = other(parent_edge[v], v);
                low[p] = std::min(low[p], low[v]);
            }
        }
    }

    bool bridge_above(int v) const { return v != 1 && low[v] > disc[other(parent_edge[v], v)]; }

    unsigned value() {
        search();
        std::vector<int> &component = next;  // reused: the first vertex of each vertex's component
        parity.assign(n + 1, 0), colon.assign(n + 1, 0);
        for (int v : order) component[v] = bridge_above(v) || v == 1 ? v : component[other(parent_edge[v], v)];
        for (int e = 0; e < (int)edges.size(); e++) {
            auto [u, v] = edges[e];
            if (there[e] && disc[u] != 0 && !(parent_edge[v] == e && bridge_above(v)) &&
                !(parent_edge[u] == e && bridge_above(u)))
                parity[component[u]] ^= 1;
        }
        for (int k = (int)order.size() - 1; k > 0; k--) {
            int v = order[k];
            if (bridge_above(v)) colon[component[other(parent_edge[v], v)]] ^= (parity[v] ^ colon[v]) + 1;
        }
        return parity[1] ^ colon[1];
    }

    // Drops the edges the root no longer reaches.
    void prune() {
        search();
        for (int f = 0; f < (int)edges.size(); f++)
            if (disc[edges[f].first] == 0) there[f] = 0;
    }

    // Deletes edge e and every edge the deletion cuts off from the root.
    void remove(int e) {
        there[e] = 0;
        prune();
    }

    std::string text() const {
        std::string s = std::to_string(n) + " " + std::to_string(edges.size());
        for (auto [u, v] : edges) s += "\n" + std::to_string(u) + " " + std::to_string(v);
        return s;
    }

    bool has_move() const {
        for (char t : there)
            if (t) return true;
        return false;
    }

    bool play(const std::string &line) {
        std::vector<long long> v;
        if (!interaction::integers(line, 1, v) || v[0] < 1 || v[0] > (long long)edges.size() || !there[v[0] - 1])
            return false;
        remove(v[0] - 1);
        return true;
    }

    // The value left by deleting edge e (and what it cuts off).
    unsigned value_without(int e) {
        there[e] = 0;
        unsigned left = value();
        there[e] = 1;
        return left;
    }

    std::string reply() {
        bool winning = value() != 0;
        int pick = -1;
        unsigned most = 0;
        for (int e = 0; e < (int)edges.size(); e++) {
            if (!there[e]) continue;
            unsigned left = value_without(e);
            if (pick < 0 || (winning ? left == 0 : left > most)) pick = e, most = left;
            if (winning && left == 0) break;
        }
        remove(pick);
        return std::to_string(pick + 1);
    }
};

int main(int argc, char *argv[]) {
    interaction::start(argc, argv);
    Hackenbush game;
    size_t m;
    interaction::position >> game.n >> m;
    game.edges.resize(m);
    for (auto &[u, v] : game.edges) interaction::position >> u >> v;
    game.index();
    game.prune();
    interaction::referee(game);
}
