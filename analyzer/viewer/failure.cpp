#include "failure.h"

#include <exception>
#include <mutex>

#include "spadework/engine/error.h"

namespace spadework::viewer {

namespace {

constexpr const char* kInternal = "internal error, please report: ";

// The first bug caught since the last rethrow. The window's modes catch on the window's
// thread, but a background job may report one too.
struct FirstBug {
    std::mutex mutex;
    std::exception_ptr bug;
};

FirstBug& first_bug() {
    static FirstBug first;
    return first;
}

std::string internal(const char* what) {
    {
        FirstBug& first = first_bug();
        std::lock_guard<std::mutex> lock(first.mutex);
        if (!first.bug) first.bug = std::current_exception();
    }
    return std::string(kInternal) + what;
}

}  // namespace

std::string caught_failure() {
    try {
        throw;
    } catch (const Error& e) {
        return e.what();
    } catch (const std::exception& e) {
        return internal(e.what());
    } catch (...) {
        return internal("an exception that is not a std::exception");
    }
}

void rethrow_internal_failure() {
    std::exception_ptr bug;
    {
        FirstBug& first = first_bug();
        std::lock_guard<std::mutex> lock(first.mutex);
        bug.swap(first.bug);
    }
    if (bug) std::rethrow_exception(bug);
}

}  // namespace spadework::viewer
