# Sourced by Scripts/*.sh: formline's version, read from its one place (FormlineVersion.swift).
formline_version() {
    local version
    version=$(sed -n 's/^ *package static let current = "\([0-9.]*\)"$/\1/p' Sources/FormSystem/FormlineVersion.swift)
    if [[ ! "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
        echo "no X.Y.Z version found in Sources/FormSystem/FormlineVersion.swift" >&2
        return 1
    fi
    echo "$version"
}
