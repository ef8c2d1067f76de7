// The variables of a model written in a config (docs/models.md): propositional atoms and
// finite-domain integer variables, and the assignments they span.
//
// An assignment is numbered by mixed radix over the variables in the order they are
// declared: variable k takes its value index (position in its domain) times the product
// of the domain sizes before it. Every world of a model is an assignment, and its number
// is the world's valuation, so a formula's atoms and terms decode a world without a table.
#pragma once

#include <bit>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "kripke/config_reader.hpp"
#include "kripke/deals.hpp"
#include "kripke/errors.hpp"
#include "kripke/formula.hpp"

namespace kripke::model_lang {

// A name of a variable, value or agent: a word as the formula parser reads it (letters,
// digits and _, not starting with a digit); InputError at `path` otherwise.
inline void check_word(const std::string& name, const std::string& path) {
  const bool word = !name.empty() &&
                    name.find_first_not_of(
                        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        "0123456789_") == std::string::npos &&
                    !std::isdigit(static_cast<unsigned char>(name[0]));
  if (!word)
    throw InputError(
        "'" + name + "' is not a name (letters, digits and _, not starting with a digit)", path);
}

// The variable an atom names: its name, or for an indexed atom (S(a,b), one of a family of
// variables a game declares over its agents) the name with its arguments, as the vocabulary
// holds it: "S(a,b)".
inline std::string variable_name_of(const std::string& name, const std::vector<std::string>& args) {
  if (args.empty()) return name;
  std::string key = name;
  key += '(';
  for (std::size_t k = 0; k < args.size(); ++k) {
    if (k) key += ',';
    key += args[k];
  }
  key += ')';
  return key;
}
inline std::string variable_name_of(const Formula& atom) {
  return variable_name_of(atom.name, atom.args);
}

// A variable's name as a config writes it, "S(a, b)", in the vocabulary's form "S(a,b)" (no
// spaces); other names as they are.
inline std::string without_spaces(std::string name) {
  std::erase_if(name, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
  return name;
}

struct Variable {
  std::string name;
  bool boolean = false;              // a propositional atom: values false, true
  std::vector<std::int64_t> values;  // the domain in order (booleans: 0, 1)
  std::vector<std::string> labels;   // names of the values when the domain lists names
};

class Vocabulary {
 public:
  // Largest number of assignments: valuations are 32-bit.
  static constexpr std::uint64_t kMaxAssignments = 0xFFFFFFFFULL;

  // "variables": [ "p", {"name": "x", "from": 2, "to": 99}, {"name": "y", "values": [1, 5]},
  // {"name": "month", "values": ["May", "June"]} ] (at `path`).
  static Vocabulary read(const Json& list, const std::string& path) {
    Vocabulary v;
    const Json& items = array_at(list, path);
    if (items.empty()) throw InputError("a model needs at least one variable", path);
    for (std::size_t k = 0; k < items.size(); ++k)
      v.add(read_variable(items[k], path + "/" + std::to_string(k)),
            path + "/" + std::to_string(k));
    return v;
  }

  const std::vector<Variable>& variables() const { return vars_; }
  std::size_t size() const { return vars_.size(); }

  // The index of a variable, or -1.
  int find(const std::string& name) const {
    const auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
  }
  // The integer a value name stands for (its position in its variable's list), if some
  // variable's domain names it.
  std::optional<std::int64_t> label_value(const std::string& label) const {
    for (const Variable& var : vars_)
      for (std::size_t k = 0; k < var.labels.size(); ++k)
        if (var.labels[k] == label) return var.values[k];
    return std::nullopt;
  }

  // The number of assignments (the product of the domain sizes), saturating.
  BigCount assignment_count() const {
    BigCount n = 1;
    for (const Variable& var : vars_) n = saturating_mul(n, var.values.size());
    return n;
  }

  // Variable k's value index in assignment a, and its value. When its stride and its domain
  // size are powers of two (propositional variables), a shift and a mask do.
  std::size_t value_index(std::uint64_t a, std::size_t k) const {
    if (shift_[k] >= 0) return std::size_t((a >> shift_[k]) & (vars_[k].values.size() - 1));
    return std::size_t((a / stride_[k]) % vars_[k].values.size());
  }
  std::int64_t value(std::uint64_t a, std::size_t k) const {
    return vars_[k].values[value_index(a, k)];
  }
  std::uint64_t stride(std::size_t k) const { return stride_[k]; }

  // The assignment with these value indices, one per variable.
  std::uint64_t assignment(const std::vector<std::size_t>& indices) const {
    std::uint64_t a = 0;
    for (std::size_t k = 0; k < vars_.size(); ++k) a += indices[k] * stride_[k];
    return a;
  }

  // Variable k's value index i as the config writes it: true/false, a name, or an integer.
  Json value_json_at(std::size_t k, std::size_t i) const {
    const Variable& var = vars_[k];
    if (var.boolean) return i == 1;
    if (!var.labels.empty()) return var.labels[i];
    return var.values[i];
  }
  Json value_json(std::uint64_t a, std::size_t k) const {
    return value_json_at(k, value_index(a, k));
  }

  // The value indices of assignment a, one per variable.
  std::vector<std::size_t> indices_of(std::uint64_t a) const {
    std::vector<std::size_t> out(vars_.size());
    for (std::size_t k = 0; k < vars_.size(); ++k) out[k] = value_index(a, k);
    return out;
  }

  // {"x": 4, "y": 13}: the assignment with these value indices as an object (keys sorted,
  // as JSON objects are).
  Json indices_json(const std::vector<std::size_t>& indices) const {
    Json out = Json::object();
    for (std::size_t k = 0; k < vars_.size(); ++k)
      out[vars_[k].name] = value_json_at(k, indices[k]);
    return out;
  }
  // "x=4 y=13", "p ~q": the same in the declared order, for text output.
  std::string indices_text(const std::vector<std::size_t>& indices) const {
    std::string s;
    for (std::size_t k = 0; k < vars_.size(); ++k) {
      if (k) s += ' ';
      const Variable& var = vars_[k];
      if (var.boolean) {
        if (indices[k] == 0) s += '~';
        s += var.name;
        continue;
      }
      s += var.name;
      s += '=';
      const Json v = value_json_at(k, indices[k]);
      s += v.is_string() ? v.get<std::string>() : v.dump();
    }
    return s;
  }
  Json assignment_json(std::uint64_t a) const { return indices_json(indices_of(a)); }
  std::string assignment_text(std::uint64_t a) const { return indices_text(indices_of(a)); }

  // Reads {"x": 4, "p": true, "month": "July"} (every variable once): the value indices.
  std::vector<std::size_t> read_value_indices(const Json& object, const std::string& path) const {
    ObjectReader r(object, path);
    std::vector<std::size_t> indices(vars_.size());
    for (std::size_t k = 0; k < vars_.size(); ++k) {
      const Variable& var = vars_[k];
      const std::string at = r.path_of(var.name);
      const Json& v = r.required(var.name);
      indices[k] = index_of_value(var, v, at);
    }
    r.done();
    return indices;
  }
  // The same as an assignment number (the variables span at most 2^32 - 1 assignments).
  std::uint64_t read_assignment(const Json& object, const std::string& path) const {
    return assignment(read_value_indices(object, path));
  }

 private:
  static Variable read_variable(const Json& item, const std::string& path) {
    Variable var;
    if (item.is_string()) {  // "p": a propositional atom
      var.name = without_spaces(item.get<std::string>());
      var.boolean = true;
      var.values = {0, 1};
      check_name(var.name, path);
      return var;
    }
    ObjectReader r(item, path);
    var.name = without_spaces(r.required_string("name"));
    check_name(var.name, r.path_of("name"));
    const Json* from = r.find("from");
    const Json* to = r.find("to");
    const Json* values = r.find("values");
    if (values && (from || to))
      throw InputError("give either \"values\" or \"from\" and \"to\", not both", path);
    if (!values && !from && !to) {
      var.boolean = true;
      var.values = {0, 1};
    } else if (values) {
      const Json& list = array_at(*values, r.path_of("values"));
      if (list.empty()) throw InputError("a domain needs at least one value", r.path_of("values"));
      for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string at = r.path_of("values") + "/" + std::to_string(k);
        if (list[k].is_string()) {
          if (!var.values.empty() && var.labels.empty())
            throw InputError("a domain lists integers or names, not both", at);
          var.labels.push_back(list[k].get<std::string>());
          check_name(var.labels.back(), at);
          var.values.push_back(std::int64_t(k));
        } else {
          if (!var.labels.empty())
            throw InputError("a domain lists integers or names, not both", at);
          var.values.push_back(ObjectReader::integer_value(list[k], at, -kMaxValue, kMaxValue));
        }
        for (std::size_t j = 0; j < k; ++j)
          if (var.values[j] == var.values[k] &&
              (var.labels.empty() || var.labels[j] == var.labels[k]))
            throw InputError("the value is listed twice", at);
      }
    } else {
      if (!from || !to) throw InputError("a range needs both \"from\" and \"to\"", path);
      const std::int64_t lo =
          ObjectReader::integer_value(*from, r.path_of("from"), -kMaxValue, kMaxValue);
      const std::int64_t hi =
          ObjectReader::integer_value(*to, r.path_of("to"), -kMaxValue, kMaxValue);
      if (hi < lo) throw InputError("\"to\" is below \"from\"", r.path_of("to"));
      if (std::uint64_t(hi - lo) >= kMaxAssignments)
        throw InputError("the range has more than 2^32 - 1 values", path);
      for (std::int64_t x = lo; x <= hi; ++x) var.values.push_back(x);
    }
    r.done();
    return var;
  }

  // Names are words, as the formula parser reads them, and not the formula's keywords; a
  // variable may be indexed by words, S(a,b), as a formula's atom S(a, b) names it.
  static void check_name(const std::string& name, const std::string& path) {
    if (const auto open = name.find('('); open != std::string::npos && name.back() == ')') {
      check_name(name.substr(0, open), path);
      const std::string args = name.substr(open + 1, name.size() - open - 2);
      for (std::size_t from = 0;;) {
        const std::size_t comma = args.find(',', from);
        check_word(args.substr(from, comma - from), path);
        if (comma == std::string::npos) return;
        from = comma + 1;
      }
    }
    check_word(name, path);
    if (name == "true" || name == "false")
      throw InputError("'" + name + "' is a keyword of formulas, not a name", path);
    if (is_modal_operator_word(name))
      throw InputError("'" + name + "' reads as a modal operator in formulas (as K1 p does), so " +
                           "no formula could mention it: choose another name",
                       path);
  }

  static std::size_t index_of_value(const Variable& var, const Json& v, const std::string& path) {
    if (var.boolean) {
      if (!v.is_boolean())
        throw InputError("expected true or false, found " + json_type_name(v), path);
      return v.get<bool>() ? 1 : 0;
    }
    if (!var.labels.empty()) {
      const std::string name = ObjectReader::string_value(v, path);
      for (std::size_t k = 0; k < var.labels.size(); ++k)
        if (var.labels[k] == name) return k;
      throw InputError("'" + excerpt(name) + "' is not a value of " + var.name +
                           " (its values: " + ObjectReader::join_first(var.labels) + ")",
                       path);
    }
    const std::int64_t x = ObjectReader::integer_value(v, path);
    for (std::size_t k = 0; k < var.values.size(); ++k)
      if (var.values[k] == x) return k;
    throw InputError(std::to_string(x) + " is not in the domain of " + var.name, path);
  }

  void add(Variable var, const std::string& path) {
    if (find(var.name) >= 0)
      throw InputError("the variable '" + var.name + "' is declared twice", path);
    for (const std::string& label : var.labels) {
      if (find(label) >= 0 || label == var.name)
        throw InputError("the value name '" + label + "' is also a variable", path);
      for (const Variable& other : vars_)
        for (std::size_t k = 0; k < other.labels.size(); ++k)
          if (other.labels[k] == label && other.values[k] != var.values[&label - var.labels.data()])
            throw InputError(
                "the value name '" + label + "' stands for another number in " + other.name, path);
    }
    for (const Variable& other : vars_)
      for (const std::string& label : other.labels)
        if (label == var.name)
          throw InputError("'" + var.name + "' is already a value name of " + other.name, path);
    const BigCount before = assignment_count();
    const std::uint64_t stride = std::uint64_t(before > kMaxAssignments ? kMaxAssignments : before);
    const std::size_t size = var.values.size();
    const bool powers = std::has_single_bit(stride) && std::has_single_bit(size);
    stride_.push_back(stride);
    shift_.push_back(powers ? std::countr_zero(stride) : -1);
    index_.emplace(var.name, int(vars_.size()));
    vars_.push_back(std::move(var));
  }

  static constexpr std::int64_t kMaxValue = std::int64_t{1} << 40;

  std::vector<Variable> vars_;
  std::unordered_map<std::string, int> index_;  // by name: families make many variables
  std::vector<std::uint64_t> stride_;
  std::vector<int> shift_;  // log2 of stride_ when the value index is a bit field, else -1
};

}  // namespace kripke::model_lang
