// The SQLite layer of database.h: every call that may meet a busy library waits for it, and
// every failure is a FormatError naming the library.
#include "spadework/formats/database.h"

#include <chrono>
#include <string>
#include <thread>

#include "library_schema.h"
#include "spadework/formats/error.h"

namespace spadework::formats {

using detail::handle;
using detail::kBusyPatienceMs;

namespace {

bool is_busy(int rc) {
    return (rc & 0xff) == SQLITE_BUSY;
}

// Calls `attempt` again while it reports busy and `may_retry` says repeating it is safe, for
// up to kBusyPatienceMs in all. The busy handler has usually waited already; the pause only
// keeps a busy returned at once from spinning.
template <typename Attempt, typename MayRetry>
int retry_while_busy(Attempt attempt, MayRetry may_retry) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(kBusyPatienceMs);
    int rc = attempt();
    while (is_busy(rc) && may_retry() && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        rc = attempt();
    }
    return rc;
}

}  // namespace

Database::Database(const std::filesystem::path& path)
    : connection_(std::make_unique<detail::Connection>()), path_(path.string()) {
    sqlite3*& db = connection_->db;
    int rc =
        sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
        std::string why = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        sqlite3_close_v2(db);
        db = nullptr;
        throw FormatError(path_, 0, 0, "cannot open the library: " + why);
    }
}

Database::~Database() {
    sqlite3_close_v2(connection_->db);
}

std::int64_t Database::last_insert_id() const {
    return sqlite3_last_insert_rowid(connection_->db);
}

int Database::changes() const {
    return sqlite3_changes(connection_->db);
}

void Database::exec(const char* sql) const {
    sqlite3* db = connection_->db;
    const bool commit = std::string_view(sql) == "COMMIT";
    int rc = retry_while_busy([&] { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr); },
                              [&] { return commit || sqlite3_get_autocommit(db) != 0; });
    if (rc != SQLITE_OK) detail::fail(*this, rc);
}

void Database::fail(const std::string& message) const {
    throw FormatError(path_, 0, 0, message);
}

namespace detail {

void fail(const Database& db, int rc) {
    std::string sqlite = sqlite3_errmsg(handle(db));
    switch (rc & 0xff) {
        case SQLITE_NOTADB:
            db.fail("not a Spadework library: the file is not a SQLite database");
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            db.fail("the library is locked by another program: " + sqlite);
        case SQLITE_CORRUPT:
            db.fail("damaged library: " + sqlite);
        case SQLITE_READONLY:
        case SQLITE_CANTOPEN:
        case SQLITE_PERM:
            db.fail("cannot write the library: " + sqlite);
        case SQLITE_FULL:
            db.fail("the disk is full: " + sqlite);
        default:
            db.fail("SQLite: " + sqlite);
    }
}

}  // namespace detail

Statement::Statement(const Database& db, std::string_view sql)
    : db_(db), prepared_(std::make_unique<detail::Prepared>()) {
    // Preparing reads the schema, which another program may be holding.
    int rc = retry_while_busy(
        [&] {
            sqlite3_finalize(prepared_->stmt);
            prepared_->stmt = nullptr;
            return sqlite3_prepare_v2(handle(db), sql.data(), static_cast<int>(sql.size()),
                                      &prepared_->stmt, nullptr);
        },
        [] { return true; });
    if (rc != SQLITE_OK) {
        sqlite3_finalize(prepared_->stmt);
        prepared_->stmt = nullptr;
        detail::fail(db, rc);
    }
}

Statement::~Statement() {
    sqlite3_finalize(prepared_->stmt);
}

void Statement::bind(int i, std::int64_t value) {
    int rc = sqlite3_bind_int64(prepared_->stmt, i, value);
    if (rc != SQLITE_OK) detail::fail(db_, rc);
}

void Statement::bind(int i, double value) {
    int rc = sqlite3_bind_double(prepared_->stmt, i, value);
    if (rc != SQLITE_OK) detail::fail(db_, rc);
}

void Statement::bind(int i, std::string_view text) {
    int rc = sqlite3_bind_text64(prepared_->stmt, i, text.data(), text.size(), SQLITE_TRANSIENT,
                                 SQLITE_UTF8);
    if (rc != SQLITE_OK) detail::fail(db_, rc);
}

void Statement::bind_blob(int i, std::string_view bytes) {
    int rc = sqlite3_bind_blob64(prepared_->stmt, i, bytes.data(), bytes.size(), SQLITE_TRANSIENT);
    if (rc != SQLITE_OK) detail::fail(db_, rc);
}

void Statement::bind_null(int i) {
    int rc = sqlite3_bind_null(prepared_->stmt, i);
    if (rc != SQLITE_OK) detail::fail(db_, rc);
}

bool Statement::step() {
    bool first = true;
    int rc = retry_while_busy(
        [&] {
            if (!first) sqlite3_reset(prepared_->stmt);  // the bindings stay
            first = false;
            return sqlite3_step(prepared_->stmt);
        },
        [&] { return !started_ && sqlite3_get_autocommit(handle(db_)) != 0; });
    if (rc == SQLITE_ROW) {
        started_ = true;
        return true;
    }
    if (rc == SQLITE_DONE) return false;
    sqlite3_reset(prepared_->stmt);
    started_ = false;
    detail::fail(db_, rc);
}

void Statement::run() {
    step();
    reset();
}

void Statement::reset() {
    sqlite3_reset(prepared_->stmt);
    started_ = false;
}

bool Statement::is_null(int col) const {
    return sqlite3_column_type(prepared_->stmt, col) == SQLITE_NULL;
}

std::int64_t Statement::int64(int col) const {
    return sqlite3_column_int64(prepared_->stmt, col);
}

double Statement::real(int col) const {
    return sqlite3_column_double(prepared_->stmt, col);
}

std::string Statement::text(int col) const {
    const unsigned char* p = sqlite3_column_text(prepared_->stmt, col);
    int n = sqlite3_column_bytes(prepared_->stmt, col);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n))
             : std::string();
}

std::string_view Statement::blob(int col) const {
    const void* p = sqlite3_column_blob(prepared_->stmt, col);
    int n = sqlite3_column_bytes(prepared_->stmt, col);
    return p ? std::string_view(static_cast<const char*>(p), static_cast<std::size_t>(n))
             : std::string_view();
}

Transaction::Transaction(const Database& db) : db_(db) {
    db_.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
    if (!done_) sqlite3_exec(handle(db_), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    db_.exec("COMMIT");
    done_ = true;
}

}  // namespace spadework::formats
