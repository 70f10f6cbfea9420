// The win-chance tables' cache on disk: one file per rule set and options, named by a hash of
// the cache key and holding the key itself, so a hash collision or an edited file is caught.
//
// A file is, in the machine's byte order (a cache, not an exchange format): the magic
// "SPWCHNC1"; the key's length (u64) and bytes; modulus, iterations (i32), last change (f64),
// hands (i64), outcomes (u64); then each set (the game's, then the overtime set's, when the
// rules have one) as target, low, width (i32), cell count (u64) and cells (f64), tie_low
// (i32), tie count (u64) and ties (f64); last, the FNV-1a hash (u64) of every byte before it.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/error.h"

namespace spadework::analyzer {

namespace {

// Bump when the table's meaning changes (the measuring, the iteration), so that tables built
// by an older Spadework are rebuilt rather than trusted; the bots have their own version
// (kBotsVersion), also in the key. 2: hands measured and stepped per score situation. 3: a
// blind trick bid measured as blind (before, a blind 6 counted as a 6). 4: a lead of `mercy`
// points ends the game inside the table too (before, only the state asked about was checked).
constexpr const char* kFormat = "spadework winchance table 4";
constexpr char kMagic[8] = {'S', 'P', 'W', 'C', 'H', 'N', 'C', '1'};

std::uint64_t fnv1a(const char* data, std::size_t n) {
    std::uint64_t h = 1469598103934665603ULL;
    for (std::size_t i = 0; i < n; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= 1099511628211ULL;
    }
    return h;
}

class Writer {
  public:
    template <typename T>
    void put(T value) {
        out_.append(reinterpret_cast<const char*>(&value), sizeof value);
    }
    void put_doubles(const std::vector<double>& v) {
        put<std::uint64_t>(v.size());
        if (!v.empty()) {
            out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(double));
        }
    }
    void put_bytes(const std::string& s) {
        put<std::uint64_t>(s.size());
        out_ += s;
    }
    std::string& text() { return out_; }

  private:
    std::string out_;
};

// Reads what Writer wrote; every read fails softly (ok() turns false) past the end.
class Reader {
  public:
    Reader(const char* data, std::size_t size) : data_(data), size_(size) {}
    template <typename T>
    T get() {
        T value{};
        if (!take(sizeof value)) return value;
        std::memcpy(&value, data_ + pos_ - sizeof value, sizeof value);
        return value;
    }
    std::vector<double> get_doubles(std::size_t most) {
        auto n = get<std::uint64_t>();
        if (n > most || !take(n * sizeof(double))) {
            ok_ = false;
            return {};
        }
        std::vector<double> v(n);
        // An empty vector's data() may be null, which memcpy must not be given.
        if (n > 0) std::memcpy(v.data(), data_ + pos_ - n * sizeof(double), n * sizeof(double));
        return v;
    }
    std::string get_bytes(std::size_t most) {
        auto n = get<std::uint64_t>();
        if (n > most || !take(n)) {
            ok_ = false;
            return {};
        }
        return std::string(data_ + pos_ - n, n);
    }
    bool ok() const { return ok_; }
    bool at_end() const { return pos_ == size_; }

  private:
    bool take(std::size_t n) {
        if (!ok_ || n > size_ - pos_) return ok_ = false;
        pos_ += n;
        return true;
    }
    const char* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
    bool ok_ = true;
};

void put_set(Writer& w, const SetTable& s) {
    w.put<std::int32_t>(s.target);
    w.put<std::int32_t>(s.low);
    w.put<std::int32_t>(s.width);
    w.put_doubles(s.cells);
    w.put<std::int32_t>(s.tie_low);
    w.put_doubles(s.ties);
}

bool chances(const std::vector<double>& v) {
    for (double x : v) {
        if (!(x >= 0 && x <= 1)) return false;  // NaN fails too
    }
    return true;
}

// A set as read, checked against what the rules say it must be.
bool get_set(Reader& r, SetTable& s, int target, bool has_ties) {
    s.target = r.get<std::int32_t>();
    s.low = r.get<std::int32_t>();
    s.width = r.get<std::int32_t>();
    // Far above any real table (a 500 target with a -250 loss limit has 749 x 749 cells).
    constexpr std::size_t kMostCells = std::size_t{1} << 26;
    s.cells = r.get_doubles(kMostCells);
    s.tie_low = r.get<std::int32_t>();
    s.ties = r.get_doubles(kMostCells);
    return r.ok() && s.target == target && s.width > 0 && s.low + s.width == target &&
           s.cells.size() == static_cast<std::size_t>(s.width) * s.width &&
           s.ties.empty() != has_ties && chances(s.cells) && chances(s.ties);
}

std::string hex(std::uint64_t h) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

// Writes bytes to a temporary file beside `path` and renames it into place: a reader sees the
// old file or the new one, never part of one.
void write_atomically(const std::filesystem::path& path, const std::string& bytes) {
    static std::atomic<int> counter = 0;
    std::filesystem::path tmp = path;
    tmp += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            std::error_code ec;
            std::filesystem::remove(tmp, ec);
            throw Error("winchance: cannot write the cache file " + tmp.string());
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        throw Error("winchance: cannot write the cache file " + path.string() + ": " +
                    ec.message());
    }
}

}  // namespace

std::string WinChanceTable::to_bytes(const std::string& key) const {
    Writer w;
    w.text().append(kMagic, sizeof kMagic);
    w.put_bytes(key);
    w.put<std::int32_t>(modulus_);
    w.put<std::int32_t>(iterations_);
    w.put<double>(last_change_);
    w.put<std::int64_t>(hands_);
    w.put<std::uint64_t>(outcomes_);
    put_set(w, main_);
    if (rules_.on_tie == OnTie::Overtime) put_set(w, overtime_);
    std::uint64_t sum = fnv1a(w.text().data(), w.text().size());
    w.put<std::uint64_t>(sum);
    return std::move(w.text());
}

bool WinChanceTable::from_bytes(const std::string& bytes, const RuleSet& rules,
                                const std::string& key) {
    constexpr std::size_t kSum = sizeof(std::uint64_t);
    if (bytes.size() < sizeof kMagic + kSum) return false;
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) return false;
    std::uint64_t sum = 0;
    std::memcpy(&sum, bytes.data() + bytes.size() - kSum, kSum);
    if (sum != fnv1a(bytes.data(), bytes.size() - kSum)) return false;

    Reader r(bytes.data() + sizeof kMagic, bytes.size() - sizeof kMagic - kSum);
    WinChanceTable t;
    t.rules_ = rules;
    if (r.get_bytes(key.size()) != key) return false;
    t.modulus_ = r.get<std::int32_t>();
    t.iterations_ = r.get<std::int32_t>();
    t.last_change_ = r.get<double>();
    t.hands_ = r.get<std::int64_t>();
    t.outcomes_ = r.get<std::uint64_t>();
    bool play_on = rules.on_tie == OnTie::PlayOn;
    if (!r.ok() || t.modulus_ != (rules.counts_bags() ? rules.bag_limit : 1)) return false;
    if (!get_set(r, t.main_, rules.target, play_on)) return false;
    if (rules.on_tie == OnTie::Overtime && !get_set(r, t.overtime_, rules.overtime_target, false)) {
        return false;
    }
    if (!r.at_end()) return false;
    *this = std::move(t);
    return true;
}

std::filesystem::path default_winchance_cache_dir() {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    // The XDG rules ignore a relative XDG_CACHE_HOME.
    if (xdg && *xdg && std::filesystem::path(xdg).is_absolute()) {
        return std::filesystem::path(xdg) / "spadework";
    }
    if (const char* home = std::getenv("HOME"); home && *home) {
        return std::filesystem::path(home) / ".cache" / "spadework";
    }
    return std::filesystem::current_path() / ".spadework-cache";
}

std::string winchance_key(const RuleSet& rules, const WinChanceOptions& options) {
    std::string key = std::string(kFormat) + "\nbots=" + std::to_string(kBotsVersion) +
                      "\nhands=" + std::to_string(options.hands) +
                      "\nseed=" + std::to_string(options.seed) + "\n";
    for (auto& [k, v] : rule_values(rules)) key += k + "=" + v + "\n";
    return key;
}

LoadedWinChance load_winchance(const RuleSet& rules, const WinChanceOptions& options) {
    // Refused rules fail at once, before any file is read or hand played.
    check_winchance_rules(rules);
    std::string key = winchance_key(rules, options);
    std::filesystem::path dir =
        options.cache_dir.empty() ? default_winchance_cache_dir() : options.cache_dir;
    LoadedWinChance loaded;
    loaded.file = dir / ("winchance-" + hex(fnv1a(key.data(), key.size())) + ".bin");

    std::ifstream in(loaded.file, std::ios::binary);
    if (in) {
        std::ostringstream bytes;
        bytes << in.rdbuf();
        if (loaded.table.from_bytes(bytes.str(), rules, key)) {
            loaded.from_cache = true;
            return loaded;
        }
    }

    auto start = std::chrono::steady_clock::now();
    loaded.table = WinChanceTable::build(
        rules, measure_hands(rules, options.hands, options.seed, options.measure_threads),
        options.threads);
    loaded.build_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        throw Error("winchance: cannot make the cache folder " + dir.string() + ": " +
                    ec.message());
    }
    write_atomically(loaded.file, loaded.table.to_bytes(key));
    return loaded;
}

}  // namespace spadework::analyzer
