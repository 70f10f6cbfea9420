// The window: GLFW + OpenGL 3 + Dear ImGui, the layout of the panels, the keyboard, drag and
// drop, settings between runs, and the modes that let tests and benchmarks run it without a
// person (--screenshot, --bench-frames, --bench-until).
#include <fmt/core.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "draw.h"
#include "failure.h"
#include "keeper.h"
#include "lesson_mode.h"
#include "model.h"
#include "panel.h"
#include "panel_lesson.h"
#include "settings.h"
#include "shell.h"
#include "spadework/engine/error.h"
#include "text_scale.h"
#include "viewer.h"
#include "wording.h"

namespace spadework::viewer {

namespace {

using Clock = std::chrono::steady_clock;

// The hidden command (viewer.h's kInternalErrorTestCommand): a broken invariant caught and
// shown as the window shows every failure it catches.
Command broken_invariant_command() {
    return {std::string(kInternalErrorTestCommand), ImGuiKey_COUNT, "",
            [](const PanelContext& ctx) {
                try {
                    SPADEWORK_INVARIANT(1 + 1 == 3, "the test's invariant holds");
                } catch (...) {
                    ctx.model.error(caught_failure());
                }
            }};
}

class App {
  public:
    App(Model& model, UiState& ui, LessonMode& lessons, ScoreKeeper& keeper, EditorMode& editor)
        : model_(model),
          ui_(ui),
          lessons_(lessons),
          keeper_(keeper),
          editor_(editor),
          ctx_{model, ui, lessons, &keeper, &editor},
          panels_(make_panels()),
          commands_(all_commands(panels_)) {
        commands_.push_back(broken_invariant_command());  // no key: Help does not list it
    }

    // Runs a command by its name (--command); the names were checked before the window opened.
    void run_command(const std::string& name) {
        const Command* c = find_command(commands_, name);
        if (!c) throw Error(fmt::format("--command {}: no such command", name));
        c->run(ctx_);
    }

    void frame() {
        keyboard();
        autoplay();
        const ImGuiViewport* vp = ImGui::GetMainViewport();
        ImGui::SetNextWindowPos(vp->WorkPos);
        ImGui::SetNextWindowSize(vp->WorkSize);
        ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_MenuBar |
                                 ImGuiWindowFlags_NoBackground;
        ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
        ImGui::Begin("Spadework", nullptr, flags);
        ImGui::PopStyleVar();
        menu();
        error_bar();
        const float status_h = ImGui::GetFrameHeightWithSpacing() + 4;
        if (lessons_.active() || keeper_.shown() || editor_.shown()) {
            // A lesson, the score keeper or the deal editor takes the place of the library,
            // the table and the side panels.
            ImGui::BeginChild("lesson_panel",
                              ImVec2(0, ImGui::GetContentRegionAvail().y - status_h), false,
                              ImGuiWindowFlags_NoScrollbar);
            draw_at(lessons_.active() ? PanelPlace::Lesson
                    : keeper_.shown() ? PanelPlace::Keeper
                                      : PanelPlace::Editor);
            ImGui::EndChild();
            status_bar();
            ImGui::End();
            return;
        }
        ImGuiTableFlags tflags = ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV;
        if (ImGui::BeginTable("layout", 3, tflags,
                              ImVec2(0, ImGui::GetContentRegionAvail().y - status_h))) {
            ImGui::TableSetupColumn("library", ImGuiTableColumnFlags_WidthStretch, 0.23f);
            ImGui::TableSetupColumn("table", ImGuiTableColumnFlags_WidthStretch, 0.49f);
            ImGui::TableSetupColumn("side", ImGuiTableColumnFlags_WidthStretch, 0.28f);
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::BeginChild("library_panel");
            draw_at(PanelPlace::Library);
            ImGui::EndChild();
            ImGui::TableSetColumnIndex(1);
            // The replay bar as high as it needs at this width, the table the rest. A score
            // sheet has no replay bar, and its scores in the middle scroll up and down only
            // (their sheet scrolls sideways on its own).
            const bool sheet = model_.game() && model_.game()->score_sheet();
            float bar_h = 0;
            for (const auto& p : panels_) {
                if (p->place() == PanelPlace::ReplayBar && !sheet) {
                    bar_h += p->height(ctx_, ImGui::GetContentRegionAvail().x);
                }
            }
            if (!sheet) bar_h += ImGui::GetStyle().ItemSpacing.y;
            // Scrollbars only when the table is laid out larger than the panel (a small window).
            ImGui::BeginChild("table_panel", ImVec2(0, ImGui::GetContentRegionAvail().y - bar_h),
                              false, sheet ? 0 : ImGuiWindowFlags_HorizontalScrollbar);
            draw_at(PanelPlace::Table);
            ImGui::EndChild();
            draw_at(PanelPlace::ReplayBar);
            ImGui::TableSetColumnIndex(2);
            ImGui::BeginChild("side_panel");
            side_tabs();
            ImGui::EndChild();
            ImGui::EndTable();
        }
        status_bar();
        ImGui::End();
    }

  private:
    void draw_at(PanelPlace place) {
        for (const auto& p : panels_) {
            if (p->place() == place) draw_panel(*p);
        }
    }

    // A panel, or for a score sheet (bids and tricks, no cards): the Scores panel in the
    // middle, where the table would be, with the room its sheet and charts need, and in place
    // of a side panel that shows the cards (or of the Scores tab itself), a line that says why
    // it is empty.
    void draw_panel(Panel& panel) {
        const RecordedGame* game = model_.game();
        if (game && game->score_sheet()) {
            if (panel.place() == PanelPlace::Table) {
                for (const auto& p : panels_) {
                    if (p->draws_sheet()) p->draw(ctx_);
                }
                return;
            }
            if (panel.place() == PanelPlace::Side && (panel.needs_deal() || panel.draws_sheet())) {
                // Where the hand's bids are, and the way to a review of them.
                ImGui::TextWrapped(
                    panel.needs_deal()
                        ? "A score sheet has no cards: its bids and tricks are on the sheet in "
                          "the middle of the window. To see this hand here and review its bids, "
                          "give it its cards: Deal > Enter the cards of this hand."
                        : "A score sheet: its scores, charts and the rule sets compared are in "
                          "the middle of the window.");
                return;
            }
            if (panel.needs_deal()) return;
        }
        panel.draw(ctx_);
    }

    void menu() {
        if (!ImGui::BeginMenuBar()) return;
        if (ImGui::BeginMenu("File")) {
            if (ImGui::MenuItem("Open a file or folder...")) ui_.request_focus_table = true;
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("View")) {
            if (ImGui::MenuItem("Open hands", nullptr, !model_.seat_view())) {
                model_.set_seat_view(std::nullopt);
            }
            for (Seat s : kAllSeats) {
                std::string label = fmt::format("As {} sees it", seat_name(s));
                if (ImGui::MenuItem(label.c_str(), nullptr, model_.seat_view() == s)) {
                    model_.set_seat_view(s);
                }
            }
            ImGui::Separator();
            ImGui::MenuItem("Card values", nullptr, &ui_.show_values);
            bool prev = model_.show_previous_trick();
            if (ImGui::MenuItem("Last trick", nullptr, &prev)) model_.set_show_previous_trick(prev);
            ImGui::Separator();
            text_size_menu();
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Analysis")) {
            if (ImGui::MenuItem("Analyse this game", nullptr, false,
                                model_.game() && !model_.review_is_own())) {
                model_.request_review();
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Lessons")) {
            lessons_menu_items(lessons_, lesson_error_);
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Score")) {
            keeper_menu();
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Deal")) {
            if (ImGui::MenuItem("New deal", nullptr, false,
                                !lessons_.active() && !keeper_.shown())) {
                editor_.open();
            }
            // A score sheet's hand gets its cards after the fact: a full record to analyse.
            const RecordedGame* g = model_.game();
            if (ImGui::MenuItem("Enter the cards of this hand", nullptr, false,
                                g && g->score_sheet() && !lessons_.active() && !keeper_.shown())) {
                editor_.open_sheet_hand(*g, model_.hand());
            }
            // A recorded hand in the editor: comment on its bids and cards, or play it on.
            if (ImGui::MenuItem("Edit this hand", nullptr, false,
                                g && !g->score_sheet() && !lessons_.active() && !keeper_.shown())) {
                editor_.open_record_hand(*g, model_.hand());
            }
            if (ImGui::MenuItem("Leave the deal editor", nullptr, false, editor_.shown())) {
                editor_.leave();
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Help")) {
            ImGui::TextUnformatted(about_text().c_str());
            ImGui::Separator();
            for (const Command& c : commands_) {
                if (c.key == ImGuiKey_COUNT) continue;
                ImGui::Text("%s  %s", c.key_text.c_str(), c.name.c_str());
            }
            ImGui::TextUnformatted("Click a card of the player to play: what-if");
            ImGui::EndMenu();
        }
        ImGui::EndMenuBar();
    }

    // Text size: automatic (from the window and the monitor), or stepped smaller or larger
    // from it. The fonts are rebuilt before the next frame (run_viewer's hook).
    void text_size_menu() {
        ImGui::TextDisabled("Text size: %.0f%%", ui_.text_scale * 100);
        if (ImGui::MenuItem("Smaller text", nullptr, false, ui_.text_step > kMinTextStep)) {
            --ui_.text_step;
        }
        if (ImGui::MenuItem("Larger text", nullptr, false, ui_.text_step < kMaxTextStep)) {
            ++ui_.text_step;
        }
        if (ImGui::MenuItem("Automatic text size", nullptr, ui_.text_step == 0)) ui_.text_step = 0;
    }

    // The score keeper: a new game (its form, with the games kept to resume), or leaving.
    void keeper_menu() {
        if (ImGui::MenuItem("New game / resume...", nullptr, keeper_.form_open(),
                            !keeper_.active() && !lessons_.active() && !editor_.shown())) {
            keeper_.open_form();
        }
        if (ImGui::MenuItem("Leave the score keeper", nullptr, false, keeper_.shown())) {
            keeper_.leave();
        }
        if (model_.library_path().empty()) ImGui::TextDisabled("no library: games are not kept");
    }

    void keyboard() {
        ImGuiIO& io = ImGui::GetIO();
        if (io.WantTextInput || lessons_.active() || keeper_.shown()) return;
        for (const Command& c : commands_) {
            if (c.key != ImGuiKey_COUNT && ImGui::IsKeyPressed(ImGui::GetKeyIndex(c.key))) {
                c.run(ctx_);
            }
        }
    }

    void autoplay() {
        if (!ui_.autoplay || !model_.game() || lessons_.active()) return;
        double now = ImGui::GetTime();
        if (now - ui_.autoplay_last < ui_.autoplay_seconds) return;
        ui_.autoplay_last = now;
        if (model_.position() >= model_.recorded_cards() && !model_.in_what_if()) {
            ui_.autoplay = false;
            return;
        }
        model_.step(1);
    }

    void side_tabs() {
        // In a narrow window the tabs keep their names and the bar scrolls, never cut to "Ana...".
        if (!ImGui::BeginTabBar("side_tabs", ImGuiTabBarFlags_FittingPolicyScroll)) return;
        for (const auto& p : panels_) {
            if (p->place() != PanelPlace::Side) continue;
            const bool asked = ui_.tab_requested && ui_.tab == p->name();
            // The title shown, the name as the id: renaming a tab keeps its state.
            std::string label = fmt::format("{}###{}", p->title(), p->name());
            if (ImGui::BeginTabItem(label.c_str(), nullptr,
                                    asked ? ImGuiTabItemFlags_SetSelected : 0)) {
                if (!ui_.tab_requested) ui_.tab = p->name();
                draw_panel(*p);
                ImGui::EndTabItem();
            }
        }
        ui_.tab_requested = false;
        ImGui::EndTabBar();
    }

    // What went wrong (a file that does not parse, a game that does not replay), each with
    // where, above everything until dismissed: the status bar shows one line, and a user who
    // started the viewer from a desktop never sees the terminal.
    void error_bar() {
        const auto& errors = model_.errors();
        if (errors.empty()) return;
        const ImVec4 red(1.0f, 0.45f, 0.4f, 1.0f);
        // The newest few; older ones stay in the count.
        const std::size_t shown = std::min<std::size_t>(errors.size(), 3);
        ImGui::PushStyleColor(ImGuiCol_Text, red);
        for (std::size_t i = errors.size() - shown; i < errors.size(); ++i) {
            ImGui::TextWrapped("%s", errors[i].c_str());
        }
        ImGui::PopStyleColor();
        if (errors.size() > shown) {
            ImGui::TextDisabled("and %zu more", errors.size() - shown);
            ImGui::SameLine();
        }
        if (ImGui::SmallButton("Dismiss")) model_.dismiss_errors();
        ImGui::Separator();
    }

    void status_bar() {
        ImGui::Separator();
        if (auto p = model_.progress()) {
            float f = p->total > 0 ? static_cast<float>(p->done) / static_cast<float>(p->total) : 0;
            const float bar_w = 16 * ImGui::GetFontSize();
            ImGui::ProgressBar(f, ImVec2(bar_w, 0),
                               fmt::format("{}/{}", p->done, p->total).c_str());
            ImGui::SameLine();
            ImGui::TextUnformatted(p->what.c_str());
            ImGui::SameLine();
        }
        if (!lesson_error_.empty()) {
            ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", lesson_error_.c_str());
        } else if (!model_.messages().empty()) {
            ImGui::TextUnformatted(model_.messages().back().c_str());
        } else {
            ImGui::TextDisabled("%s", model_.library_path().empty()
                                          ? "no library"
                                          : ("library: " + model_.library_path().string()).c_str());
        }
    }

    Model& model_;
    UiState& ui_;
    LessonMode& lessons_;
    ScoreKeeper& keeper_;
    EditorMode& editor_;
    PanelContext ctx_;
    std::vector<std::unique_ptr<Panel>> panels_;  // the registry's, one of each
    std::vector<Command> commands_;               // every panel's
    std::string lesson_error_;                    // a lesson the menu could not start
};

// The side panel to open: `name` when the registry has it, else the first side panel (a
// settings file may name a panel since removed).
std::string side_panel(const std::string& name) {
    std::vector<std::string> names = side_panel_names();
    return std::find(names.begin(), names.end(), name) != names.end() ? name : names.front();
}

// The model as the options say: files opened, the game, hand and position selected.
void prepare(Model& model, const ViewOptions& o, bool unattended) {
    for (const auto& path : o.open) model.open(path);
    auto find_row = [&]() -> std::optional<int> {
        for (std::size_t i = 0; i < model.games().size(); ++i) {
            const GameRow& r = model.games()[i];
            if (o.game_id && r.library_id == *o.game_id) return static_cast<int>(i);
            if (o.game_file && !r.library_id && r.index_in_file == o.game_in_file &&
                std::filesystem::equivalent(r.file, *o.game_file)) {
                return static_cast<int>(i);
            }
        }
        return std::nullopt;
    };
    std::optional<int> row;
    if (o.game_id || o.game_file) {
        row = find_row();
        // A file that could not be read: its error (file:line:col) says why. With someone at
        // the window it is shown there, with no game selected; unattended it ends the run.
        if (!row && o.game_file && !model.errors().empty()) {
            if (unattended) throw Error(model.errors().back());
        } else if (!row && o.game_file) {
            // FILE@N past the file's games: said as convert says it.
            int games = 0;
            for (const GameRow& r : model.games()) {
                games += !r.library_id && std::filesystem::equivalent(r.file, *o.game_file);
            }
            throw Error(fmt::format("{} has {} game{}: there is no game {}", o.game_file->string(),
                                    games, games == 1 ? "" : "s", o.game_in_file + 1));
        } else if (!row) {
            throw Error("the game asked for is not among those opened");
        }
    } else if (!model.games().empty()) {
        row = 0;
    }
    if (row) model.select_game(*row);
    if (model.game()) {
        if (o.hand) {
            if (*o.hand >= static_cast<int>(model.game()->hands.size())) {
                throw Error(
                    fmt::format("--hand {}: the game has {}", *o.hand + 1,
                                count_of(static_cast<long>(model.game()->hands.size()), "hand")));
            }
            model.select_hand(*o.hand);
        }
        if (o.position) {
            // As --hand: a position the hand does not have is said, not taken as its last.
            if (*o.position > model.recorded_cards()) {
                throw Error(fmt::format("--position {}: the hand has {} played", *o.position,
                                        count_of(model.recorded_cards(), "card")));
            }
            model.move_to(*o.position);
        }
        for (Card c : o.what_if) {
            if (!model.play_what_if(c)) {
                throw Error(fmt::format(
                    "--what-if {}: {}", to_string(c),
                    model.messages().empty() ? "not playable" : model.messages().back()));
            }
        }
        if (o.analyse) model.request_review();
    }
    if (o.seat) model.set_seat_view(*o.seat);
}

// Lesson mode: the learner (the option, else the last one, else $USER), the lesson and its
// scripted answers, checked before a window opens.
void start_lessons(LessonMode& lessons, const ViewOptions& o, const ViewerSettings& saved) {
    if (!o.learner.empty()) {
        lessons.set_learner(o.learner);
    } else if (!saved.learner.empty()) {
        lessons.set_learner(saved.learner);
    } else if (const char* user = std::getenv("USER"); user && *user) {
        lessons.set_learner(user);
    }
    if (o.lesson.empty()) return;
    lessons.start(o.lesson);
    if (o.lesson_answers.empty()) return;
    // Answers are kept per learner: scripted ones need a name, or none would be taken.
    if (lessons.learner().empty()) {
        throw UsageError(
            "--lesson-answers: answers are kept per learner, and there is none: give --learner "
            "NAME ($USER is not set)");
    }
    // The command line's answers, as `lesson --answers`: a wrong one is bad usage (exit 2).
    try {
        lessons.script(o.lesson_answers);
    } catch (const Error& e) {
        throw UsageError(fmt::format("--lesson-answers: {}", e.what()));
    }
}

// When a benchmark (--bench-frames N) ends: after the first ten frames, which build the font
// atlas and the layout and are not counted, and N more; with --bench-until FILE, once FILE
// exists (the library is then read again at once) and N more, at least as many as without.
class BenchEnd {
  public:
    explicit BenchEnd(const ViewOptions& o)
        : frames_(o.bench_frames),
          until_(o.bench_until),
          last_(o.bench_frames > 0 && o.bench_until.empty() ? o.bench_frames + 10 : -1) {}

    // After each frame: true when the benchmark is over.
    bool done(int frames, Model& model) {
        if (frames_ <= 0) return false;
        if (last_ < 0 && std::filesystem::exists(until_)) {
            model.refresh_library_now();
            last_ = std::max(frames + frames_, frames_ + 10);
        }
        return last_ >= 0 && frames >= last_;
    }

  private:
    int frames_;
    std::filesystem::path until_;
    int last_;  // the frame it ends at; -1 until FILE exists
};

void print_bench(const std::vector<double>& frame_ms, const std::vector<double>& build_ms,
                 std::size_t games) {
    if (frame_ms.size() <= 10 || build_ms.size() <= 10) return;
    // The first frames build the font atlas and the layout: not counted.
    std::vector<double> t(frame_ms.begin() + 10, frame_ms.end());
    double mean = std::accumulate(t.begin(), t.end(), 0.0) / static_cast<double>(t.size());
    std::sort(t.begin(), t.end());
    double p99 = t[std::min(t.size() - 1, static_cast<std::size_t>(t.size() * 0.99))];
    double build = std::accumulate(build_ms.begin() + 10, build_ms.end(), 0.0) /
                   static_cast<double>(build_ms.size() - 10);
    fmt::print(
        "frames={} mean_ms={:.2f} p99_ms={:.2f} max_ms={:.2f} build_mean_ms={:.2f} games={}\n",
        t.size(), mean, p99, t.back(), build, games);
}

// The state a run starts from: the settings kept (none when unattended), the model and lesson
// mode as the options and settings say. Everything here is checked before a window opens.
struct Session {
    explicit Session(const ViewOptions& o)
        : unattended(!o.screenshot.empty() || o.bench_frames > 0),
          screenshot(!o.screenshot.empty()),
          settings_file(config_dir() / "viewer.json"),
          saved(unattended ? ViewerSettings{} : load_viewer_settings(settings_file)),
          model(o.library, review_settings(o)),
          lessons(o.lessons_dir.empty() ? analyzer::default_lessons_dir() : o.lessons_dir,
                  o.library),
          keeper(o.library),
          editor(o.library, editor_lessons_folder(o.my_lessons_dir, o.library)) {
        model.set_compare_rules(saved.compare_rules);
        keeper.set_compare_rules(saved.compare_rules);
        if (!o.keep_score.empty()) keeper.open_as(o.keep_score);
        keeper.script(o.keeper_entries);
        prepare(model, o, unattended);
        // The teacher's folder is the one the deal editor saves lesson questions in.
        lessons.set_my_lessons_dir(editor.lessons_folder);
        start_lessons(lessons, o, saved);
        if (!o.edit_deal.empty()) editor.open_as(o.edit_deal, model.game(), model.hand());
        if (!o.seat && !saved.seat_view.empty() && !unattended) {
            model.set_seat_view(parse_seat(saved.seat_view));
        }
        model.set_win_chance_options(win_chance_options());
        ui.autoplay_seconds = saved.autoplay_seconds;
        ui.show_values = saved.show_values;
        ui.text_step = saved.text_step;
        ui.tab = side_panel(o.panel.empty() ? saved.tab : o.panel);
        ui.tab_requested = true;
    }

    // The win-chance table as `analyze --grade game` uses it (the same cache file), unless
    // SPADEWORK_WINCHANCE_HANDS asks for a table of fewer bot hands: quicker to build, less
    // exact, cached apart (tests, a slow machine).
    static analyzer::WinChanceOptions win_chance_options() {
        analyzer::WinChanceOptions w;
        if (const char* hands = std::getenv("SPADEWORK_WINCHANCE_HANDS"); hands && *hands) {
            char* end = nullptr;
            const long n = std::strtol(hands, &end, 10);
            if (*end != 0 || n < 100 || n > 10'000'000) {
                throw Error(fmt::format(
                    "SPADEWORK_WINCHANCE_HANDS={}: expected a count of hands, 100 to 10000000",
                    hands));
            }
            w.hands = static_cast<int>(n);
        }
        return w;
    }

    static analyzer::ReviewSettings review_settings(const ViewOptions& o) {
        analyzer::ReviewSettings r;
        if (o.samples > 0) r.samples = o.samples;
        if (o.grade_by_game) r.grade = analyzer::Grade::Game;
        return r;
    }

    // Where ImGui keeps its layout: nowhere when unattended (the same picture whatever the
    // user's layout).
    std::filesystem::path imgui_ini() const {
        if (unattended) return {};
        std::error_code ec;
        std::filesystem::create_directories(config_dir(), ec);
        return config_dir() / "imgui.ini";
    }

    // With no one at the window, what it would have told the user goes to stderr; otherwise
    // the settings are kept for the next run.
    void finish() {
        if (unattended) {
            for (const std::string& m : model.messages()) {
                fmt::print(stderr, "spadework view: {}\n", m);
            }
            // With the picture it concerns: a benchmark at a small size is not about the table.
            if (screenshot && !ui.table_problem.empty()) {
                fmt::print(stderr, "spadework view: the table does not fit its panel at {}\n",
                           ui.table_problem);
            }
            return;
        }
        saved.autoplay_seconds = ui.autoplay_seconds;
        saved.show_values = ui.show_values;
        saved.text_step = ui.text_step;
        saved.tab = ui.tab;
        saved.compare_rules = model.compare_rules();
        saved.learner = lessons.learner();
        saved.seat_view = model.seat_view() ? seat_letter(*model.seat_view()) : std::string();
        save_viewer_settings(settings_file, saved);
    }

    const bool unattended;
    const bool screenshot;
    const std::filesystem::path settings_file;
    ViewerSettings saved;
    Model model;
    LessonMode lessons;
    ScoreKeeper keeper;
    EditorMode editor;
    UiState ui;
};

}  // namespace

void run_viewer(const ViewOptions& o) {
    const auto start = Clock::now();
    Session session(o);
    Model& model = session.model;
    // Made in this order and undone in the reverse, also when an error ends the run.
    Window window(o.width, o.height, session.unattended);
    ImGuiSession imgui(session.imgui_ini());
    session.ui.fonts = imgui.fonts();
    ImGuiBackends backends(window);
    App app(model, session.ui, session.lessons, session.keeper, session.editor);
    BenchEnd bench_end(o);

    FrameLoop::Hooks hooks;
    std::size_t next_command = 0;
    hooks.before = [&] {
        // The text's scale follows the window and the user's choice; the atlas is rebuilt
        // here, between frames, as ImGui requires.
        const float scale =
            text_scale(static_cast<float>(window.width()), static_cast<float>(window.height()),
                       window.content_scale(), session.ui.text_step);
        if (imgui.set_scale(scale)) {
            backends.fonts_changed();
            session.ui.fonts = imgui.fonts();
        }
        session.ui.text_scale = imgui.scale();
        for (const auto& p : window.take_dropped()) model.open(p);
        model.poll();
        session.lessons.poll();
        session.keeper.poll();
        // The scripted commands, one a frame, the first before the first frame.
        if (next_command < o.commands.size()) app.run_command(o.commands[next_command++]);
    };
    hooks.settle = [&] {
        while (session.keeper.poll()) {
        }
        model.wait_idle();
        session.lessons.wait();
        session.editor.wait();
    };
    hooks.build = [&] { app.frame(); };
    hooks.after = [&](int frames) {
        if (frames == 1 && o.startup_time) {
            fmt::print("first frame: {:.0f} ms after start\n",
                       std::chrono::duration<double, std::milli>(Clock::now() - start).count());
            std::fflush(stdout);  // at once: a test waits for it to start others beside it
        }
        return bench_end.done(frames, model);
    };
    FrameTimes times =
        FrameLoop(window, o.screenshot, static_cast<int>(o.commands.size())).run(hooks);
    if (o.bench_frames > 0) print_bench(times.frame_ms, times.build_ms, model.games().size());
    session.finish();
    // The window is closed and the settings kept: a bug shown while it ran ends the command.
    rethrow_internal_failure();
}

}  // namespace spadework::viewer
