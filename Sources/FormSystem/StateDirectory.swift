/// Where formline keeps state between runs (drafts, history): `$XDG_STATE_HOME`, or
/// `~/.local/state` when it is unset or not absolute (the XDG base-directory rule).
package enum StateDirectory {
    package static func path(environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg }
        return (environment["HOME"] ?? ".") + "/.local/state"
    }

    /// `STATE/formline/KIND/NAME.json`, e.g. the drafts or history file of a form.
    package static func formlineFile(_ kind: String, name: String, environment: [String: String]) -> String {
        path(environment: environment) + "/formline/\(kind)/\(name).json"
    }
}
