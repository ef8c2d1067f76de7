// Strict reading of JSON configs: every key must be known (a typo is an error, never
// silently ignored), every value must have the right type, and every error names the
// JSON pointer of the offending value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "kripke/errors.hpp"
#include "kripke/typo.hpp"

namespace kripke {

using Json = nlohmann::json;

inline std::string json_type_name(const Json& j) {
  if (j.is_number_integer()) return "an integer";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "a boolean";
  if (j.is_array()) return "an array";
  if (j.is_object()) return "an object";
  return "null";
}

// A name as a message quotes it: whole, or its first 40 characters and its length, so that
// a megabyte-long unknown name does not make a megabyte-long message.
inline std::string excerpt(const std::string& name) {
  if (name.size() <= 60) return name;
  return name.substr(0, 40) + "... (" + std::to_string(name.size()) + " characters)";
}

// Reads the fields of one JSON object. Call done() when all fields are read: it rejects
// every key nobody asked for.
class ObjectReader {
 public:
  ObjectReader(const Json& object, std::string path) : j_(object), path_(std::move(path)) {
    if (!j_.is_object()) throw InputError("expected an object, found " + json_type_name(j_), path_);
  }

  const std::string& path() const { return path_; }
  std::string path_of(const std::string& key) const { return path_ + "/" + key; }
  bool has(const std::string& key) {
    known_.insert(key);
    return j_.contains(key);
  }
  // The raw value, or nullptr when absent.
  const Json* find(const std::string& key) {
    known_.insert(key);
    auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }

  std::int64_t integer(const std::string& key, std::int64_t fallback,
                       std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                       std::int64_t max = std::numeric_limits<std::int64_t>::max()) {
    const Json* v = find(key);
    return v ? integer_value(*v, path_of(key), min, max) : fallback;
  }
  bool boolean(const std::string& key, bool fallback) {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_boolean()) throw type_error(*v, key, "a boolean");
    return v->get<bool>();
  }
  std::string string(const std::string& key, const std::string& fallback) {
    const Json* v = find(key);
    return v ? string_value(*v, path_of(key)) : fallback;
  }
  // A string that must be one of `choices`.
  std::string choice(const std::string& key, const std::string& fallback,
                     const std::vector<std::string>& choices) {
    std::string s = string(key, fallback);
    if (std::find(choices.begin(), choices.end(), s) == choices.end())
      throw InputError("unknown value '" + s + "' (expected one of " + join(choices) + ")",
                       path_of(key));
    return s;
  }
  std::string required_string(const std::string& key) {
    const Json* v = find(key);
    if (!v) throw missing(key);
    return string_value(*v, path_of(key));
  }
  const Json& required(const std::string& key) {
    const Json* v = find(key);
    if (!v) throw missing(key);
    return *v;
  }

  void done() const {
    for (auto it = j_.begin(); it != j_.end(); ++it) {
      if (known_.count(it.key())) continue;
      std::string hint;
      for (const auto& k : known_)
        if (edit_distance(k, it.key(), 2) <= 2) hint = " (did you mean '" + k + "'?)";
      throw InputError("unknown key '" + it.key() + "'" + hint +
                           "; known keys: " + join({known_.begin(), known_.end()}),
                       path_);
    }
  }

  static std::int64_t integer_value(const Json& v, const std::string& path,
                                    std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                                    std::int64_t max = std::numeric_limits<std::int64_t>::max()) {
    if (!v.is_number_integer() && !v.is_number_unsigned())
      throw InputError("expected an integer, found " + json_type_name(v), path);
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(max))
      throw InputError("must be at most " + std::to_string(max), path);
    const auto x = v.get<std::int64_t>();
    if (x < min) throw InputError("must be at least " + std::to_string(min), path);
    if (x > max) throw InputError("must be at most " + std::to_string(max), path);
    return x;
  }
  static std::string string_value(const Json& v, const std::string& path) {
    if (!v.is_string()) throw InputError("expected a string, found " + json_type_name(v), path);
    return v.get<std::string>();
  }
  static std::string join(const std::vector<std::string>& items) {
    std::string s;
    for (const auto& item : items) s += (s.empty() ? "" : ", ") + item;
    return s;
  }
  // The first `shown` items, and how many there are in all when that is more: a message
  // names a few candidates, not the 100,000 values of a variable.
  static std::string join_first(const std::vector<std::string>& items, std::size_t shown = 20) {
    if (items.size() <= shown) return join(items);
    std::string s = join(std::vector<std::string>(items.begin(), items.begin() + long(shown)));
    return s + ", ... (" + std::to_string(items.size()) + " in all)";
  }

 private:
  // A required key is missing. A present key a typo away from it is named, as that is
  // usually why: {"gmae": ...} should say so, not only that 'game' is missing.
  InputError missing(const std::string& key) const {
    std::string hint;
    for (auto it = j_.begin(); it != j_.end(); ++it)
      if (!known_.count(it.key()) && edit_distance(key, it.key(), 2) <= 2)
        hint = " (found '" + it.key() + "': a typo?)";
    return InputError("missing required key '" + key + "'" + hint, path_);
  }
  InputError type_error(const Json& v, const std::string& key, const std::string& wanted) const {
    return InputError("expected " + wanted + ", found " + json_type_name(v), path_of(key));
  }
  const Json& j_;
  std::string path_;
  std::set<std::string> known_;
};

// Seeds are integers from 0 to 2^64 - 1 everywhere: in configs, on the command line (in
// decimal, see parse_decimal) and in batch records, which keep the full 64-bit seeds they
// derive.
// Seeds stay below 2^53 so that every JSON reader, jq and JavaScript included (they read
// numbers as doubles), reads a logged seed exactly and its replay plays the same game.
inline constexpr std::uint64_t kMaxSeed = (std::uint64_t{1} << 53) - 1;
inline constexpr const char* kSeedRange = "an integer from 0 to 9007199254740991 (2^53 - 1)";

inline std::uint64_t seed_value(const Json& v, const std::string& path) {
  if (v.is_number_unsigned() && v.get<std::uint64_t>() <= kMaxSeed) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0 &&
      std::uint64_t(v.get<std::int64_t>()) <= kMaxSeed)
    return std::uint64_t(v.get<std::int64_t>());
  throw InputError(std::string("a seed is ") + kSeedRange + ", found " +
                       (v.is_number() ? v.dump() : json_type_name(v)),
                   path);
}

// A number written in decimal digits, nothing else (no sign, no spaces), up to 2^64 - 1.
inline bool parse_decimal(const std::string& text, std::uint64_t& number) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  std::uint64_t value = 0;
  for (char c : text) {
    const std::uint64_t digit = std::uint64_t(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return false;
    value = value * 10 + digit;
  }
  number = value;
  return true;
}

// A memory size: an integer number of bytes, or a string of digits with a binary suffix
// K, M, G or T ("512M", "16G").
inline std::uint64_t memory_size_value(const Json& v, const std::string& path) {
  const char* form = "expected a number of bytes or a size such as \"512M\" or \"16G\"";
  // Zero is refused in both forms, as "0K" always was: it is no size a model fits in (and
  // leaving the key out is how to say "this machine's memory").
  if ((v.is_number_unsigned() && v.get<std::uint64_t>() > 0) ||
      (v.is_number_integer() && v.get<std::int64_t>() > 0))
    return v.get<std::uint64_t>();
  if (v.is_number_integer())
    throw InputError(std::string(form) + " (at least 1), found " + v.dump(), path);
  if (!v.is_string()) throw InputError(std::string(form) + ", found " + json_type_name(v), path);
  std::string s = v.get<std::string>();
  int shift = 0;
  if (!s.empty()) {
    const std::string units = "KMGT";
    if (const auto u = units.find(s.back()); u != std::string::npos) {
      shift = 10 * int(u + 1);
      s.pop_back();
    }
  }
  std::uint64_t n = 0;
  if (!parse_decimal(s, n) || n == 0 || n > (UINT64_MAX >> shift))
    throw InputError(std::string(form) + ", found \"" + v.get<std::string>() + "\"", path);
  return n << shift;
}

// An array whose elements are read one by one; each element's path is path/index.
inline const Json& array_at(const Json& v, const std::string& path) {
  if (!v.is_array()) throw InputError("expected an array, found " + json_type_name(v), path);
  return v;
}

}  // namespace kripke
