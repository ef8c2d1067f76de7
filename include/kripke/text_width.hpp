// Text that fits the terminal: transcripts, tables and listings stay within kTextWidth
// columns, long lists wrapped between their items.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace kripke {

// The widest line kripkesim writes for people to read.
inline constexpr std::size_t kTextWidth = 100;

// The items joined by spaces after `first_indent`, a line broken before an item that would
// pass `width` columns; the lines after the first start with `indent`. An item is never
// split (one longer than the width gets a line of its own).
inline std::string wrap_items(const std::vector<std::string>& items, std::string_view first_indent,
                              std::string_view indent, std::size_t width = kTextWidth) {
  std::string out(first_indent);
  std::size_t column = first_indent.size();
  bool line_empty = true;
  for (const std::string& item : items) {
    if (!line_empty && column + 1 + item.size() > width) {
      out += '\n';
      out += indent;
      column = indent.size();
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += item;
    column += item.size();
    line_empty = false;
  }
  return out;
}

// `line` if it fits `width` bytes, else its start and " ..." in that many (never cutting a
// UTF-8 character in two).
inline std::string cut_to_width(std::string line, std::size_t width = kTextWidth) {
  if (line.size() <= width) return line;
  std::size_t cut = width - 4;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0U) == 0x80U) --cut;
  return line.replace(cut, std::string::npos, " ...");
}

// The words of `text`, split at blanks (spaces, tabs, line breaks), appended to `out`.
inline std::vector<std::string> split_words(std::string_view text,
                                            std::vector<std::string> out = {}) {
  const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = at;
    while (end < text.size() && !blank(text[end])) ++end;
    if (end > at) out.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// The words of `text` wrapped as wrap_items does.
inline std::string wrap_words(std::string_view text, std::string_view first_indent,
                              std::string_view indent, std::size_t width = kTextWidth) {
  return wrap_items(split_words(text), first_indent, indent, width);
}

// `text` with every line longer than `width` broken at its last space within the width (the
// spaces inside the kept part untouched, so that columns stay aligned); the rest continues
// on a line indented two more than the broken one. A line without such a space is kept.
inline std::string fit_lines(std::string_view text, std::size_t width = kTextWidth) {
  std::string out;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string line(text.substr(at, end - at));
    const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
    const std::string continuation(indent + 2, ' ');
    std::size_t floor = indent;  // a break must leave some text on the line
    while (line.size() > width) {
      const std::size_t space = line.rfind(' ', width);
      if (space == std::string::npos || space <= floor) break;
      const std::size_t next = line.find_first_not_of(' ', space);
      if (next == std::string::npos) break;  // only spaces follow
      out.append(line, 0, line.find_last_not_of(' ', space) + 1).append("\n");
      line = continuation + line.substr(next);
      floor = continuation.size();
    }
    out += line;
    if (end < text.size()) out += '\n';
    at = end + 1;
  }
  return out;
}

}  // namespace kripke
