// A small JSON Schema validator for the tests: the keywords docs/log.schema.json uses; any
// other keyword is an error, so the schema cannot silently rely on checks this validator
// does not make.
#pragma once

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace kripke_test {

class SchemaValidator {
 public:
  explicit SchemaValidator(nlohmann::json root) : root_(std::move(root)) {}

  // What is wrong with `instance`, one entry per problem; empty when it is valid.
  std::vector<std::string> errors(const nlohmann::json& instance) const {
    std::vector<std::string> out;
    check(root_, instance, "", out);
    return out;
  }

 private:
  void check(const nlohmann::json& schema, const nlohmann::json& x, const std::string& at,
             std::vector<std::string>& out) const {
    static const std::set<std::string> annotations = {"$schema", "$id", "$defs", "title",
                                                      "description"};
    for (auto it = schema.begin(); it != schema.end(); ++it) {
      const std::string& key = it.key();
      const nlohmann::json& value = it.value();
      if (annotations.count(key) || key == "then") continue;
      if (key == "type") {
        // One type, or a list of types of which one must fit.
        const nlohmann::json types = value.is_array() ? value : nlohmann::json::array({value});
        if (std::none_of(types.begin(), types.end(), [&](const nlohmann::json& t) {
              return has_type(x, t.get<std::string>());
            }))
          out.push_back(at + ": not of type " + value.dump());
      } else if (key == "required") {
        for (const auto& name : value)
          if (!x.is_object() || !x.contains(name.get<std::string>()))
            out.push_back(at + ": missing " + name.get<std::string>());
      } else if (key == "properties") {
        if (!x.is_object()) continue;
        for (auto p = value.begin(); p != value.end(); ++p)
          if (x.contains(p.key())) check(p.value(), x[p.key()], at + "/" + p.key(), out);
      } else if (key == "additionalProperties") {
        // Only as a schema for every property the "properties" beside it do not name.
        if (!x.is_object()) continue;
        const nlohmann::json named = schema.value("properties", nlohmann::json::object());
        for (auto p = x.begin(); p != x.end(); ++p)
          if (!named.contains(p.key())) check(value, p.value(), at + "/" + p.key(), out);
      } else if (key == "minItems") {
        if (x.is_array() && x.size() < value.get<std::size_t>())
          out.push_back(at + ": fewer than " + value.dump() + " items");
      } else if (key == "items") {
        if (!x.is_array()) continue;
        for (std::size_t k = 0; k < x.size(); ++k)
          check(value, x[k], at + "/" + std::to_string(k), out);
      } else if (key == "enum") {
        if (std::find(value.begin(), value.end(), x) == value.end())
          out.push_back(at + ": not in enum");
      } else if (key == "const") {
        if (x != value) out.push_back(at + ": not " + value.dump());
      } else if (key == "minimum") {
        if (x.is_number() && x.get<double>() < value.get<double>())
          out.push_back(at + ": below minimum");
      } else if (key == "maximum") {
        // Compared as integers where both are: doubles cannot tell 2^53 from 2^53 + 1.
        const bool over = x.is_number_unsigned() && value.is_number_unsigned()
                              ? x.get<std::uint64_t>() > value.get<std::uint64_t>()
                              : x.is_number() && x.get<double>() > value.get<double>();
        if (over) out.push_back(at + ": above maximum");
      } else if (key == "allOf") {
        for (const auto& part : value) check(part, x, at, out);
      } else if (key == "anyOf") {
        bool any = false;
        for (const auto& part : value) {
          std::vector<std::string> alternative;
          check(part, x, at, alternative);
          any = any || alternative.empty();
        }
        if (!any) out.push_back(at + ": matches none of anyOf");
      } else if (key == "pattern") {
        if (x.is_string() &&
            !std::regex_search(x.get<std::string>(), std::regex(value.get<std::string>())))
          out.push_back(at + ": does not match " + value.get<std::string>());
      } else if (key == "if") {
        std::vector<std::string> condition;
        check(value, x, at, condition);
        if (condition.empty() && schema.contains("then")) check(schema["then"], x, at, out);
      } else if (key == "$ref") {
        const std::string ref = value.get<std::string>();
        if (ref.rfind("#/", 0) != 0) throw std::logic_error("only local $refs: " + ref);
        check(root_.at(nlohmann::json::json_pointer(ref.substr(1))), x, at, out);
      } else {
        throw std::logic_error("the test's validator does not implement '" + key + "'");
      }
    }
  }

  static bool has_type(const nlohmann::json& x, const std::string& type) {
    if (type == "object") return x.is_object();
    if (type == "array") return x.is_array();
    if (type == "string") return x.is_string();
    if (type == "integer") return x.is_number_integer();
    if (type == "number") return x.is_number();
    if (type == "boolean") return x.is_boolean();
    if (type == "null") return x.is_null();
    throw std::logic_error("unknown type " + type);
  }

  nlohmann::json root_;
};

// The log's schema, docs/log.schema.json.
inline SchemaValidator log_schema() {
  return SchemaValidator(nlohmann::json::parse(read_file(source_path("docs/log.schema.json"))));
}

}  // namespace kripke_test
