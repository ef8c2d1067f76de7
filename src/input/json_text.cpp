#include "input/json_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace kripkesim {
namespace {

using kripke::InputError;
using kripke::Json;

// "line L, column C" of the byte before offset `byte` (nlohmann counts bytes read).
std::string line_and_column(const std::string& text, std::size_t byte) {
  const std::size_t at = std::min(byte > 0 ? byte - 1 : 0, text.size());
  const std::size_t line = 1 + std::count(text.begin(), text.begin() + long(at), '\n');
  const std::size_t line_start = text.rfind('\n', at == 0 ? 0 : at - 1);
  const std::size_t column = line_start == std::string::npos || at == 0 ? at + 1 : at - line_start;
  return fmt::format("line {}, column {}", line, column);
}

// nlohmann's message without its "[json.exception.x.n] parse error at ...: " prefix.
std::string problem_of(const std::string& what) {
  std::size_t start = what.find("] ");
  start = start == std::string::npos ? 0 : start + 2;
  if (what.compare(start, 11, "parse error") == 0) {
    const std::size_t colon = what.find(": ", start);
    if (colon != std::string::npos) start = colon + 2;
  }
  return what.substr(start);
}

// Builds the tree from the parser's events, as nlohmann's own DOM builder does, and knows
// at every moment the JSON pointer of the value being read: for errors about duplicate keys
// and nesting, which the parser itself lets through.
class TreeBuilder {
 public:
  explicit TreeBuilder(const std::string& text) : text_(text) {}

  Json take() { return std::move(root_); }

  bool null() { return value(nullptr); }
  bool boolean(bool v) { return value(v); }
  bool number_integer(Json::number_integer_t v) { return value(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return value(v); }
  bool number_float(Json::number_float_t v, const std::string&) { return value(v); }
  bool string(std::string& v) { return value(std::move(v)); }
  bool binary(Json::binary_t& v) { return value(std::move(v)); }

  bool start_object(std::size_t) { return open(Json::object(), false); }
  bool start_array(std::size_t) { return open(Json::array(), true); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& k) {
    Frame& object = frames_.back();
    if (!object.keys.insert(k).second)
      throw InputError("the key '" + k + "' appears twice", pointer_with(k));
    object.key = k;
    return true;
  }

  bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& e) {
    throw InputError(
        fmt::format("{}: malformed JSON: {}", line_and_column(text_, byte), problem_of(e.what())));
  }

 private:
  struct Frame {
    Json* node;
    bool array;
    std::string key;  // objects: the key of the value being read
    std::set<std::string> keys;
  };

  // Where the next value goes: the root, the end of the open array, or the open object's key.
  Json* slot() {
    if (frames_.empty()) return &root_;
    Frame& top = frames_.back();
    if (top.array) {
      top.node->push_back(nullptr);
      return &top.node->back();
    }
    return &(*top.node)[top.key];
  }

  template <class V>
  bool value(V&& v) {
    *slot() = Json(std::forward<V>(v));
    return true;
  }

  bool open(Json empty, bool array) {
    if (frames_.size() >= kMaxJsonDepth)
      throw InputError(fmt::format("values nest more than {} levels deep", kMaxJsonDepth),
                       pointer_with(""));
    Json* node = slot();
    *node = std::move(empty);
    frames_.push_back(Frame{node, array, "", {}});
    return true;
  }

  bool close() {
    frames_.pop_back();
    return true;
  }

  // The pointer of the value being read (the new key `k` for an object's next value).
  std::string pointer_with(const std::string& k) const {
    std::string p;
    for (std::size_t f = 0; f < frames_.size(); ++f) {
      const Frame& frame = frames_[f];
      const bool last = f + 1 == frames_.size();
      // Piece by piece: GCC 12 -O2 warns falsely on "/" + std::string (PR 105329).
      p += '/';
      if (frame.array)
        p += std::to_string(frame.node->size() - (last ? 0 : 1));
      else
        p += last && !k.empty() ? k : frame.key;
    }
    return p;
  }

  const std::string& text_;
  Json root_;
  std::vector<Frame> frames_;
};

}  // namespace

Json parse_json_text(const std::string& text) {
  // nlohmann stops at a NUL byte as if the text ended there, so whatever follows would be
  // ignored without a word.
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos)
    throw InputError(line_and_column(text, nul + 1) + ": a NUL byte: this is not a JSON text file");
  TreeBuilder builder(text);
  Json::sax_parse(text, &builder);
  return builder.take();
}

}  // namespace kripkesim
