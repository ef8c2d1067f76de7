// Rendering DOT text to SVG or PNG through Graphviz's `dot` program, found on the PATH.
#pragma once

#include <string>

namespace kripkesim {

// The rendered image's bytes. InputError when `dot` is not installed (with how to install
// it), fails on the text (with the first line it wrote on its standard error) or runs past
// `timeout_seconds` (it is then killed). `dot` and its files go with kripkesim when a
// signal ends it (signal_cleanup.hpp).
std::string render_with_dot(const std::string& dot_text, const std::string& format,
                            int timeout_seconds);

}  // namespace kripkesim
