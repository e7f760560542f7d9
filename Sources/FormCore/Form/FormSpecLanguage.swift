extension FormSpec {
    /// The form as an operator of `language` reads it: each field's label and help in that
    /// language where the form file gives them (`label: {en: ..., nb: ...}`), else as written.
    /// The field names, the payload and the server's routing are the same in every language.
    /// `asciiOnly` (a 7-bit line): those texts transliterated, as the catalogue's sentences are.
    public func speaking(_ language: MessageLanguage.Code, asciiOnly: Bool = false) -> FormSpec {
        guard fields.contains(where: { !$0.labelByLanguage.isEmpty || !$0.helpByLanguage.isEmpty }) else { return self }
        let shown = MessageLanguage(code: language, asciiOnly: asciiOnly)
        var spec = self
        for i in spec.fields.indices {
            if let label = spec.fields[i].labelByLanguage[language] { spec.fields[i].label = shown.shown(label) }
            if let help = spec.fields[i].helpByLanguage[language] { spec.fields[i].help = shown.shown(help) }
        }
        return spec
    }
}
