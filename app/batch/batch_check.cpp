#include "batch_check.h"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "document.h"
#include "timings.h"

namespace vitrine::app {
namespace {

// "<pointer>: <what>" when `located` starts with a pointer, else the whole text as `what`.
// Pointer tokens the loader writes are array names, indices and property names, none of
// which holds ": ", so the first ": " ends the pointer.
CheckProblem splitLocated(const std::string& located, bool error) {
  CheckProblem p;
  p.error = error;
  const size_t colon = located.find(": ");
  if (!located.empty() && located[0] == '/' && colon != std::string::npos) {
    p.pointer = located.substr(0, colon);
    p.message = located.substr(colon + 2);
  } else {
    p.message = located;
  }
  return p;
}

// A value on one line: line breaks written as \n (an XMP description may hold several).
std::string oneLine(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\n') {
      out += "\\n";
    } else if (c != '\r') {
      out += c;
    }
  }
  return out;
}

}  // namespace

int CheckReport::exitStatus() const {
  if (std::any_of(problems.begin(), problems.end(), [](const CheckProblem& p) { return p.error; }))
    return kCheckErrors;
  return problems.empty() ? kCheckUsable : kCheckWarnings;
}

CheckProblem parseLoaderMessage(const std::string& file, const std::string& message, bool error) {
  const std::string prefix = file + ": ";
  if (message.compare(0, prefix.size(), prefix) != 0) {
    CheckProblem p;
    p.error = error;
    p.message = message;
    return p;
  }
  return splitLocated(message.substr(prefix.size()), error);
}

CheckProblem parseChannelMessage(const std::string& message) {
  return splitLocated(message, false);
}

CheckReport checkAsset(const std::string& file, const scene::LoadOptions& options) {
  CheckReport report;
  report.file = file;
  DocumentResult loaded = loadDocument(file, {}, options);
  report.loadTimings = loaded.loadTimings;
  const std::vector<std::string>& loadWarnings =
      loaded.document ? loaded.document->loadWarnings : loaded.warnings;
  for (const std::string& w : loadWarnings)
    report.problems.push_back(parseLoaderMessage(file, w, false));
  if (!loaded.document) {
    report.problems.push_back(parseLoaderMessage(file, loaded.error, true));
    return report;
  }
  for (const std::string& w : loaded.document->channelWarnings)
    report.problems.push_back(parseChannelMessage(w));
  report.variants = loaded.document->scene->variants;
  report.metadata = allMetadataLines(*loaded.document->scene);
  return report;
}

std::string formatCheckText(const CheckReport& report) {
  std::string out;
  size_t errors = 0;
  for (const CheckProblem& p : report.problems) {
    errors += p.error;
    out += p.error ? "error " : "warning ";
    out += p.pointer.empty() ? "(file)" : p.pointer;
    out += ": " + p.message + "\n";
  }
  for (size_t i = 0; i < report.variants.size(); ++i) {
    out += "info /extensions/KHR_materials_variants/variants/" + std::to_string(i) +
           ": material variant \"" + report.variants[i] + "\"\n";
  }
  for (const MetadataLine& m : report.metadata)
    out += "info " + m.pointer + ": " + m.label + " \"" + oneLine(m.value) + "\"\n";
  out += report.file + ": " + std::to_string(errors) + " error(s), " +
         std::to_string(report.problems.size() - errors) + " warning(s)\n";
  return out;
}

std::string formatCheckJson(const CheckReport& report) {
  nlohmann::json problems = nlohmann::json::array();
  size_t errors = 0;
  for (const CheckProblem& p : report.problems) {
    errors += p.error;
    problems.push_back({{"severity", p.error ? "error" : "warning"},
                        {"pointer", p.pointer},
                        {"message", p.message}});
  }
  nlohmann::json out = {{"file", report.file},  {"usable", errors == 0},
                        {"errors", errors},     {"warnings", report.problems.size() - errors},
                        {"problems", problems}, {"variants", report.variants}};
  nlohmann::json& metadata = out["metadata"] = nlohmann::json::array();
  for (const MetadataLine& m : report.metadata)
    metadata.push_back({{"pointer", m.pointer}, {"label", m.label}, {"value", m.value}});
  // Messages quote file names as they are: replace invalid UTF-8 rather than throw.
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

int runCheck(const CliOptions& options) {
  const CheckReport report = checkAsset(options.file, loadOptions(options));
  startupTimings().load = report.loadTimings;
  const std::string text = options.json ? formatCheckJson(report) : formatCheckText(report);
  std::fputs(text.c_str(), stdout);
  return report.exitStatus();
}

}  // namespace vitrine::app
