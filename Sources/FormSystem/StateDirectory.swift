/// Where formline keeps state between runs (drafts, history, the OpenAPI cache): `$XDG_STATE_HOME`,
/// or `~/.local/state` when it is unset or not absolute (the XDG base-directory rule).
///
/// With neither an absolute XDG_STATE_HOME nor an absolute HOME there is no state folder, and state
/// goes nowhere: never into the working folder's `./.local/state`, which a repository could ship
/// (issue 33 item 2: a checked-out "cache" was trusted). `nowhere` is a path no one can create
/// (under /dev/null, not a folder even for root), so a draft save fails naming it and history and
/// the cache are not kept.
package enum StateDirectory {
    package static let nowhere = "/dev/null/no-state-folder-set-HOME-or-XDG_STATE_HOME"

    package static func path(environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state" }
        return nowhere
    }

    /// Whether there is a state folder at all (see `nowhere`).
    package static func exists(environment: [String: String]) -> Bool {
        path(environment: environment) != nowhere
    }
    /// `STATE/formline/KIND/NAME.json`, e.g. the drafts or history file of a form.
    package static func formlineFile(_ kind: String, name: String, environment: [String: String]) -> String {
        path(environment: environment) + "/formline/\(kind)/\(name).json"
    }
}
