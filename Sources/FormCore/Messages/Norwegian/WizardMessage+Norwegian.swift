/// The wizard's sentences in Norwegian Bokmål (docs/languages.md). One case per case of
/// `WizardMessage`; nil (or a case not listed, which the compiler warns about and
/// `MessageTranslationTests` names) is shown in English. Command words (`.back`, `.cancel`),
/// flags and file syntax stay as they are typed in every language.
extension WizardMessage {
    var norwegian: String? {
        switch self {
        case .fieldCount(let fields, let upTo, let lists):
            let fieldText = (upTo ? "opptil " : "") + "\(fields) felt"
            guard let lists else { return fieldText }
            return fieldText + ", \(lists) " + (lists == 1 ? "liste" : "lister")
        case .titleCount(let count): return "  (" + count + "; ? for hjelp)"
        case .draftResumed(let kept): return "Fortsetter et lagret utkast: \(kept) svar beholdt."
        case .draftListOverMax(let label, let most, let count, let list):
            return "\(label) tar nå høyst \(most) element\(er(most)) og utkastet har \(count): alle er beholdt; slett \(count - most) (.delete \(list).N) før innsending."
        case .draftFormChanged: return "Skjemaet er endret siden; alle svar ble sjekket på nytt."
        case .savedAnswerNotKept(let shown, let reason): return "Det lagrede svaret '\(shown)' ble ikke beholdt: \(reason)"
        case .savedAnswerDoesNotFit: return "det passer ikke lenger i dette feltet"
        case .answersGiven(let given, let refused, let asked):
            return "\(given) svar gitt"
                + (refused == 0 ? "" : " (\(refused) avvist)")
                + (asked == 0 ? "; ingenting å spørre om." : "; spør om de \(asked) som mangler eller ble avvist.")

        case .noSuchField(let suggestion):
            return "skjemaet har ikke noe slikt felt" + (suggestion.map { " (mente du \"\($0)\"?)" } ?? "")
        case .secretOnCommandLine(let field):
            return "en hemmelighet tas aldri fra kommandolinjen (andre brukere kan lese den i prosesslisten); bruk --secret \(field)=env:NAVN (eller file:STI, fd:N), skriv den ved spørsmålet, eller legg den i en svarfil bare du kan lese (chmod 600)"
        case .scriptedAnswerRefused(let origin, let shown, let reason):
            return "Svaret fra \(origin)" + (shown.map { " ('\($0)')" } ?? "") + " ble avvist: \(reason)"
        case .hiddenByCondition(let condition):
            return "dette feltet er skjult av betingelsen sin" + (condition.map { " (spørres bare når \($0))" } ?? "") + ", så det tar ikke noe svar"
        case .requiredSecretAnswer(let field):
            return "Påkrevd (en hemmelighet: --secret \(field)=env:NAVN, eller en svarfil bare du kan lese, chmod 600)"
        case .scalarListOneByOne(let type, let list):
            return "en liste av \(type) tar elementene ett og ett (verdiene kan inneholde komma): \(list).1, \(list).2, ..., eller en YAML-liste"
        case .tooManyItemsGiven(let count, let most): return "\(count) elementer gitt; listen tar høyst \(most)"
        case .groupNeedsMappings(let group):
            return "\(group) er en gruppe: gi elementene som en liste av avbildninger (\(group): [{...}, {...}]) eller ett felt om gangen (\(group).1.FELT)"
        case .itemBeyondEnd(let number, let list, let most):
            return "element \(number) er forbi slutten av listen: \(list) tar høyst \(most) element\(er(most))"
        case .stoppedNoOneToCorrect:
            return "Stoppet: denne kjøringen spør ikke om noe (--no-input, eller svar uten terminal), så ingen kan rette disse svarene."

        case .required: return "Påkrevd"
        case .promptKeep: return "behold"
        case .multilineHint: return "avslutt med en linje '.'"
        case .multilineTooLong: return "Verdien har nådd grensen på 1 MiB: linjen ble ikke lagt til. Avslutt med en linje '.'"
        case .listEndHint: return "  (Enter på et tomt svar her avslutter listen)"
        case .stillMissing(let labels): return "Mangler fortsatt: \(labels.joined(separator: ", "))"
        case .stoppedAtInputLine(let line, let place, let reason):
            return "Stoppet ved inndatalinje \(line) (\(place)): \(SentenceEnd.closed(reason)) Denne kjøringen stopper ved "
                + "første avviste linje (ingen terminal, eller --stop-at-refusal) slik at de neste linjene aldri "
                + "havner i feil felt; uten terminal spør --keep-asking på nytt."
        case .stoppedAtReviewPlace: return "gjennomgang"
        case .stoppedAtRetryPlace: return "nytt forsøk"

        case .firstField: return "Dette er det første feltet"
        case .secretEditNeedsNumber(let range): return "Ved et hemmelig felt, bruk .edit med feltets nummer (\(range))"
        case .requiredCannotSkip(let label): return "\(label) er påkrevd og kan ikke hoppes over"
        case .nothingToRetry: return "Ingenting å prøve på nytt: .retry kommer etter en mislykket innsending"
        case .unknownCommandAtSecret: return "Ukjent kommando. For å skrive en verdi som starter med '.', skriv '..' foran"
        case .unknownCommand(let word, let nearest, let listed, let typed):
            let also = nearest.map { " (mente du .\($0)?)" } ?? " (kommandoer: " + listed.map { "." + $0 }.joined(separator: " ") + ")"
            return "Ukjent kommando " + word + also + ". For å skrive en verdi som starter med '.', skriv '." + typed + "'"
        case .commandTakesNothing(let command, let typed):
            return ".\(command) tar ikke noe etter seg. For å skrive en verdi som starter med '.', skriv '." + typed + "'"
        case .noEntry(let n, let range): return "Ingen linje \(n): bruk et nummer fra gjennomgangen (\(range))"
        case .fieldNotAsked(let n, let label): return "Felt \(n) (\(label)) spørres ikke om i denne kjøringen"
        case .noField(let n, let range): return "Ikke noe felt \(n): bruk et nummer fra gjennomgangen (\(range))"
        case .entryNotItem(let n): return "Linje \(n) er ikke et element: skriv \(n) for å endre den"
        case .entryFields(let n, let count):
            return "Linje \(n) har \(count) felt å endre: \(count == 1 ? "\(n).1" : "\(n).1-\(n).\(count)")"
        case .sayWhichField(let range): return "Si hvilket felt: .edit \(range) eller .edit NAVN"
        case .noFieldNamed(let name, let range): return "Ikke noe felt '\(name)': bruk et nummer fra gjennomgangen (\(range)) eller et feltnavn"
        case .commandsHelp(let list): return list + ". Enter beholder verdien i [klammer]; start en verdi med .. for å skrive en ledende '.'"
        case .commandList(let usages):
            // The command words stay; the words around them (WizardCommand.table's usages) are said.
            let said = [".help (or ?)": ".help (eller ?)", ".edit N|name": ".edit N|navn"]
            return "Kommandoer: " + usages.map { said[$0] ?? $0 }.joined(separator: " ")
        case .listCommandsHelp:
            return "Lister: et tomt første svar i neste element avslutter listen. "
                + ".add [LISTE] legger til et element, .delete [LISTE.N] sletter et (spør først), .edit LISTE.N eller "
                + "LISTE.N.FELT endrer et element eller et av feltene; i gjennomgangen endrer N.M felt M på linje N."
        case .fieldHelp(let label, let help): return "\(label): \(help)"
        case .rulesHelp(let rules): return "Regler: " + rules.joined(separator: "; ")

        case .ruleRequired: return "påkrevd"
        case .ruleOptional: return "valgfritt"
        case .ruleAtLeastItems(let n): return "minst \(n) element\(er(n))"
        case .ruleMayBeEmpty: return "kan være tom"
        case .ruleAtMostItems(let n): return "høyst \(n) element\(er(n))"
        case .ruleItemsDiffer: return "elementene er ulike"
        case .ruleLengthBetween(let lo, let hi): return "\(lo)-\(hi) tegn"
        case .ruleLengthAtLeast(let lo): return "minst \(lo) tegn"
        case .ruleLengthAtMost(let hi): return "høyst \(hi) tegn"
        case .ruleSetFormat: return "et fast format"
        case .ruleClockLowerBound(let bound, let exclusive): return (exclusive ? "etter " : "på eller etter ") + bound
        case .ruleClockUpperBound(let bound, let exclusive): return (exclusive ? "før " : "på eller før ") + bound
        case .ruleDefault(let shown): return "standard \(shown)"
        case .defaultShown(let shown): return shown + " (standard)"

        case .newItemIsThis(let label, let number): return "  \(label) \(number) er det nye elementet."
        case .itemAddedInPlace(let label, let number): return "  \(label) \(number) lagt til: det spørres om på sin plass."
        case .noListToAddTo: return "Dette skjemaet har ingen liste å legge et element til i"
        case .sayWhichList(let names): return "Si hvilken liste: .add \(names.joined(separator: "|"))"
        case .listFull(let label, let most): return "\(label) er full: høyst \(most) element\(er(most))"
        case .newItemHasNoField: return "Det nye elementet har ikke noe felt å spørre om i denne kjøringen"
        case .sayWhichItem(let example): return "Si hvilket element: .delete LISTE.N (som \(example)), eller et nummer fra gjennomgangen"
        case .noSuchItem(let label, let number, let count): return "\(label) har ikke noe element \(number) (den har \(count))"
        case .listNeedsItems(let label, let least, let number):
            return "\(label) trenger minst \(least) element\(er(least)): endre element \(number) i stedet for å slette det"
        case .deletePrompt(let item): return "Slette \(item)? (j/N): "
        case .deleteKept: return "  Beholdt."
        case .deleted(let item): return "  Slettet \(item)."
        case .itemNameAndNumber(let label, let number): return "\(label) \(number)"
        case .tooManyItemsOnLine(let label, let most, let parts, let from):
            return "\(label) tar høyst \(most) element\(er(most)); linjen har \(parts) fra element \(from)"
        case .emptyItemOnLine(let n): return "Element \(n) er tomt: skill elementene med enkle komma"
        case .itemOnLineRefused(let n, let typed, let reason): return "Element \(n) ('\(typed)'): \(reason)"
        case .listOverMax(let label, let most, let count, let list):
            return "\(label) tar høyst \(most) element\(er(most)) og har \(count): slett \(count - most) (.delete her, eller .delete \(list).N)"
        case .sameAsItem(let what, _, let earlier):
            return (what.map { "\($0) er" } ?? "Dette er") + " det samme som i element \(earlier): hvert element må være ulikt"
        case .totalAbove(let name, let sum, let most): return "\(name) blir \(sum) til sammen over alle elementer; høyst \(most) i alt"
        case .totalBelow(let name, let sum, let least): return "\(name) blir \(sum) til sammen over alle elementer; minst \(least) i alt"
        case .emptyList(let label, let list): return "\(label): ingen (.add \(list) legger til en)"

        case .reviewTitle: return "Gjennomgang"
        case .reviewPrompt: return "Sende inn? (Enter = send, nummer = endre, .cancel): "
        case .reviewHelp:
            return "Enter sender inn skjemaet. Et nummer (eller .edit N) endrer det feltet og kommer tilbake hit. .cancel avslutter uten å sende; det du har skrevet, beholdes som et utkast."
        case .reviewPressEnter: return "Trykk Enter for å sende, skriv et nummer for å endre, eller .cancel"
        case .moreLines(let n): return "(+\(n) linje\(n == 1 ? "" : "r"))"
        case .atReview(let message): return message.text + "; trykk Enter for å sende"
        case .unchangedSinceRefusal:
            return "Ingenting er endret siden serveren avviste disse verdiene, så å sende dem igjen ville gi samme svar. Skriv et felts nummer for å endre det, .retry for å sende de samme verdiene likevel, eller .cancel for å stoppe (et utkast beholdes)."
        case .submitting: return "Sender..."
        case .accepted(let status, let note): return " godtatt (\(status))" + (note.map { " " + $0 } ?? "")
        case .failed: return " mislyktes"
        case .rejected(let status): return " avvist (\(status))"
        case .interrupted: return " avbrutt"
        case .moreServerMessages(let more): return "og \(more) " + (more == 1 ? "melding" : "meldinger") + " til fra serveren"
        case .stoppedServerRejected:
            return "Stoppet: serveren avviste skjemaet, og denne kjøringen ber ikke om rettelser (ingen terminal, --no-input eller --stop-at-refusal)."
        case .cancelled: return "Avbrutt."

        case .retryPrompt: return "Prøve igjen? (Enter = prøv igjen, nummer = endre, .cancel): "
        case .retryPressEnter(let inRun):
            return inRun ? "Trykk Enter for å gå videre til neste post, .retry for å sende igjen, et nummer for å endre, eller .end"
                : "Trykk Enter (eller .retry) for å prøve igjen, et nummer for å endre, eller .cancel"
        case .retryHelp(let inRun):
            return inRun
                ? "Posten kunne ikke sendes og er beholdt som et utkast. Enter går videre til neste post, .retry sender den igjen (blir den da godtatt, slettes utkastet), et nummer (eller .edit N) endrer det feltet, .end avslutter kjøringen."
                : "Skjemaet kunne ikke sendes; ingenting du har skrevet, er tapt. Enter eller .retry sender det samme forsøket igjen. Et nummer (eller .edit N) endrer det feltet og går så tilbake til gjennomgangen. .cancel avslutter og beholder et utkast."

        case .recordTitle(let n): return "Post \(n)"
        case .firstRecordHeader: return "Post 1  (en linje \" kopierer svaret fra forrige post; .end avslutter kjøringen)"
        case .compactReviewPrompt: return "Sende inn? (Enter, N = endre, .review): "
        case .compactReview(let shown): return "Gjennomgang: " + shown.joined(separator: " | ")
        case .goOnPrompt: return "Videre? (Enter = neste post, .retry, nummer = endre, .end): "
        case .recordHelp(let secret):
            let ditto = secret ? "En hemmelighet kopieres aldri fra forrige post. "
                : "En linje \" kopierer svaret fra forrige post (skriv \"\" for verdien \"). "
            return "Post etter post: " + ditto + ".end ved en posts første spørsmål avslutter kjøringen."
        case .endMidRecord:
            return ".end avslutter kjøringen ved en posts første spørsmål. For å stoppe midt i en "
                + "post, bruk .cancel (det du har skrevet, beholdes som et utkast)"
        case .firstRecordNoDitto:
            return "Dette er kjøringens første post: det finnes ikke noe forrige svar å kopiere (skriv \"\" for verdien \")"
        case .nothingToCopy(let record, let label): return "Post \(record) har ikke \(label): ingenting å kopiere"
        case .recordAlreadyHas(let record, let label, let value):
            return "Post \(record) har allerede \(label) \(value): hver post trenger sin egen"

        case .templateHeader(let title, let id): return "Svar for \"\(title)\" (\(id)): formline fill SKJEMA --answers DENNE-FILEN"
        case .templateEmptyValueNote: return "En tom verdi er ikke noe svar. Verdiene leses som om de ble skrevet ved spørsmålet."
        case .templateGroup(let words): return "En liste av elementer" + words + ": kopier elementet under for hvert av dem"
        case .templateGroupLabel(let label): return " (\(label))"
        case .templateGroupShown(let shown): return ", vist i gjennomgangen som \"\(shown)\""
        case .templateMemberSecret(let key): return "\(key): en hemmelighet skrives aldri inn i en mal"
        case .templateSecret(let key):
            return "\(key): en hemmelighet skrives aldri inn i en mal; legg den til for hånd bare i en fil ingen andre kan lese (chmod 600)"
        case .templateListNote: return "; en liste: [én, verdi, per, element]"
        case .templateChoices(let choices): return "; valg: " + choices.joined(separator: ", ")
        case .templateOnlyWhen(let condition): return "; bare når \(condition)"
        case .checkRefusedValue(let status): return "Tjeneren avviste denne verdien (\(status))"
        case .checkServerAnswered(let status): return "tjeneren svarte \(status)"
        case .checkAnswerTooLarge(let kib): return "svaret var større enn \(kib) KiB"
        case .checkNotMade(let reason): return "Ikke kontrollert (\(reason)): beholdt; tjeneren avgjør når skjemaet sendes."
        case .choicesNotFetched(let reason): return "Valgene ble ikke hentet (\(reason)): skriv svaret; tjeneren avgjør når skjemaet sendes."
        case .choicesNotAList: return "svaret er ikke en liste med valg"
        case .choicesChanged: return "Valgene endret seg med et tidligere svar: velg på nytt."
        case .longChoiceList(let count): return "\(count) valg: skriv de første bokstavene, ? viser dem"
        case .longChoiceListInWords(let count): return "\(count) valg. Skriv de første bokstavene, eller et spørsmålstegn for å vise dem."
        case .moreChoices(let count): return "og \(count) til"
        case .checkNotMadeRefused(let reason): return "Kunne ikke kontrolleres (\(reason)): prøv igjen eller endre verdien"
        case .checkCancelled: return "Kontrollen ble avbrutt."
        case .lookupShown(let text): return "= " + text
        case .queuedNotSent:
            return "Lagt i utboksen, ikke sendt: formline outbox send sender det med samme Idempotency-Key."

        case .titleCountInWords(let count): return ". " + count.prefix(1).uppercased() + count.dropFirst() + ". Skriv ? for hjelp."
        case .promptInWords(let label, let words): return ([label] + words).joined(separator: ", ") + ": "
        case .promptCurrent(let shown): return "nå \(shown)"
        case .promptSecretNotShown: return "skjult mens du skriver"
        case .promptSecretKept: return "Enter beholder den som er gitt"
        case .promptYesOrNo: return "ja eller nei"
        case .promptRange(let lo, let hi): return "\(lo) til \(hi)"
        case .promptEndsList: return "Enter alene avslutter listen"
        case .multilineHintInWords: return "flere linjer, avslutt med en linje som bare har et punktum"
        case .multilineNextLine: return "Neste linje: "
        case .fieldError(let label, let message): return "\(label): \(message)"
        case .youTyped(let typed): return "Du skrev \"\(typed)\"."
        case .choiceOnLine(let number, let choice): return "\(number): \(choice)"
        case .reviewSentence(let number, let label, let value): return "\(number): \(label) er \(value)."
        case .reviewItemSentence(let number, let label, let details):
            return "\(number): \(label)." + (details.isEmpty ? "" : " \(details).")
        case .reviewNoAnswer: return "ikke besvart"
        case .reviewSecretGiven: return "gitt, ikke vist"
        case .reviewDefaultValue(let shown): return "\(shown), standardverdien"
        case .reviewPromptInWords: return "Enter sender inn, et nummer endrer, .cancel avbryter: "
        case .retryPromptInWords: return "Enter prøver igjen, et nummer endrer, .cancel avbryter: "
        case .goOnPromptInWords: return "Enter: neste post; ellers .retry, et nummer eller .end: "
        case .firstRecordHeaderInWords:
            return "Post 1. En linje med bare et dobbelt anførselstegn kopierer svaret fra forrige post; .end avslutter kjøringen."
        case .deletePromptInWords(let item): return "Slette \(item)? j sletter, Enter beholder: "
        case .commandsHelpInWords(let list):
            return list + ". Enter beholder gjeldende verdi; start en verdi med to punktum for å skrive et punktum først."
        case .commandListInWords(let usages):
            let said = [".edit N|name": ".edit og et felts nummer eller navn", ".help (or ?)": ".help eller et spørsmålstegn",
                        ".add [LIST]": ".add og en listes navn", ".delete [LIST.N]": ".delete og et element"]
            return "Kommandoer: " + usages.map { said[$0] ?? $0 }.joined(separator: ", ")
        case .listCommandsHelpInWords:
            return "Lister: et tomt første svar i neste element avslutter listen. "
                + ".add legger til et element, i listen du nevner etter den eller den du er i. "
                + ".delete og et element, som .delete lines.2, sletter det etter å ha spurt. "
                + ".edit lines.2 endrer et element, .edit lines.2.qty et av feltene."
        case .reviewHelpInWords:
            return "Enter sender inn skjemaet. Et nummer, eller .edit og nummeret, endrer det feltet og kommer tilbake hit. .cancel avslutter uten å sende; det du har skrevet, beholdes som et utkast."
        case .sayWhichFieldInWords(let range): return "Si hvilket felt: .edit og et nummer fra \(range), eller .edit og et felts navn"
        case .moreLinesInWords(let n): return "og \(n) linje\(n == 1 ? "" : "r") til"
        case .dateHintInWords: return "en dato skrevet år-måned-dag, som 2026-11-27"
        case .timeHintInWords: return "et klokkeslett i timer og minutter, som 14:30"
        case .dateTimeHintInWords: return "dato og klokkeslett, som 2026-11-27T14:30:00Z"
        case .commaSeparatedHintInWords: return "skill flere med komma"
        case .accessibleModeHelp(let on):
            return on ? "Tilgjengelig modus er på: feil nevner feltet sitt, valg er nummerert, ingenting legges på redigeringslinjen."
                : "For skjermleser eller leselist: --accessible eller ACCESSIBLE=1."
        @unknown default: return nil
        }
    }
}

/// "er" unless `n` is one: "1 element", "2 elementer".
private func er(_ n: Int) -> String { n == 1 ? "" : "er" }
