// `kripkesim help [COMMAND]` and the help texts' layout: descriptions wrapped so that no line
// of --help passes kripke::kTextWidth columns.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "kripke/errors.hpp"
#include "kripke/text_width.hpp"

namespace kripkesim {
namespace {

// CLI11's layout with the right-hand column wrapped at word boundaries (CLI11 2.1 writes a
// description on one line whatever its length; it indents the lines after a line break).
class WrappingFormatter final : public CLI::Formatter {
 public:
  std::string make_option_desc(const CLI::Option* option) const override {
    return wrapped(CLI::Formatter::make_option_desc(option));
  }
  // A command's own description (`kripkesim COMMAND --help`): its long lines broken to fit.
  std::string make_description(const CLI::App* app) const override {
    return kripke::fit_lines(CLI::Formatter::make_description(app));
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    std::ostringstream out;
    CLI::detail::format_help(out, sub->get_display_name(true), wrapped(sub->get_description()),
                             get_column_width());
    return out.str();
  }

 private:
  std::string wrapped(const std::string& text) const {
    const std::size_t width = kripke::kTextWidth - get_column_width();
    std::string out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
      out += (out.empty() ? "" : "\n") + kripke::wrap_words(line, "", "", width);
    return out;
  }
};

}  // namespace

void use_wrapping_help(CLI::App& app) { app.formatter(std::make_shared<WrappingFormatter>()); }

void add_help_command(CLI::App& app) {
  auto command = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("help", "Show the usage, or a command's options and details");
  cmd->add_option("COMMAND", *command, "the command whose help to show (default: the overview)");
  help_footer(*cmd,
              "`kripkesim help COMMAND` is `kripkesim COMMAND --help`; `kripkesim help` is\n"
              "`kripkesim --help`.",
              "  0  the help was shown\n  2  no such command");
  cmd->callback([&app, command] {
    // Through the formatter: App::help() would show the help of the command being run.
    if (command->empty()) {
      std::cout << app.get_formatter()->make_help(&app, "kripkesim", CLI::AppFormatMode::Normal);
      return;
    }
    for (const CLI::App* sub : app.get_subcommands({}))
      if (sub->get_name() == *command) {
        std::cout << sub->get_formatter()->make_help(sub, "kripkesim " + *command,
                                                     CLI::AppFormatMode::Normal);
        return;
      }
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    throw kripke::InputError(unknown_command_message(*command, names));
  });
}

}  // namespace kripkesim
