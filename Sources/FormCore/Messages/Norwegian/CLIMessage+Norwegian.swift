/// The command line's sentences in Norwegian Bokmål (docs/languages.md). As for
/// `WizardMessage.norwegian`: nil, or a case not listed, is shown in English; flags, commands
/// and file syntax stay as they are typed.
extension CLIMessage {
    var norwegian: String? {
        switch self {
        case .draftSaved(let path): return "Utkast lagret: \(path)"
        case .recordsSummary(let accepted, let rejected, let drafts, let lost, let queued):
            return "Poster: \(accepted) godtatt, \(rejected) avvist, \(drafts) beholdt som utkast"
                + (lost > 0 ? ", \(lost) tapt (utkast ikke lagret)" : "")
                + (queued > 0 ? ", \(queued) i kø, ikke sendt." : ".")
        case .acceptedRecordsLead: return "Godtatt: "
        case .andMoreRecords(let more): return " og \(more) til"
        case .jsonNotWritten(let reason, let accepted):
            return "--output json: dokumentet kunne ikke skrives til standard ut: \(reason)"
                + (accepted ? " (skjemaet ble godtatt: ikke send det igjen)" : "")
        case .recordingLost(let reason): return "--record: \(reason)"

        case .nameAForm: return "Oppgi en skjemafil (formline fill SKJEMA), eller en OpenAPI-operasjon (--openapi DOK --operation OP)."
        case .standardInputClosed:
            return "standard inn er lukket: kjør ved en terminal, eller send svarene inn via et rør (formline fill SKJEMA < svar.txt)"
        case .recordAsksNothing:
            return "--record kan ikke kombineres med --answers eller --set uten terminal: en slik kjøring spør "
                + "ikke om noe (som --no-input), så den har ingen økt å ta opp; ta opp ved en terminal"
        case .draftOfAnotherForm(let path, let draftForm, let form):
            return "\(path) er et utkast av skjemaet \"\(draftForm)\", ikke \"\(form)\""
        case .moreAnswerProblems(let origin, let count): return "\(origin): og \(count) problemer til"
        case .credentialHeaderOnCommandLine(let name):
            return "advarsel: --header \(name): en legitimasjon på kommandolinjen kan leses av "
                + "alle lokale brukere (/proc/PID/cmdline); bruk --header-from \"\(name)=env:NAVN\" (eller file:STI, fd:N)"
        case .endpointProblem(let problem): return "--endpoint: \(problem)"
        case .headerSourceProblem(let name, let problem): return "--header-from \(name): \(problem)"
        case .namedDraftExists:
            return "Det finnes et utkast av dette skjemaet: legg til --resume for å fortsette det. Denne kjøringen "
                + "lar det være, med mindre også denne kjøringen ender uferdig: da erstatter dens eget utkast det."
        case .draftsExist(let count):
            let which = count == 1 ? "legg til --resume for å fortsette det"
                : "\(count) i alt: --resume fortsetter det siste, --resume N et annet"
            return "Det finnes et utkast av dette skjemaet (\(which); formline drafts viser dem). Denne kjøringen "
                + "lar det være; ender også denne kjøringen uferdig, beholdes den som enda et utkast."
        case .secretInOpenAnswersFile(let problem): return "svarfilen inneholder en hemmelighet, men \(problem)"
        case .notASecretField: return "ikke et hemmelig felt; svar på det med --set eller --answers"
        case .recordToStandardOutput:
            return "--record -: et opptak skrives til en fil, aldri til standard ut; oppgi en fil (--record signup.session)"
        case .recordingNotWritable(let path, let problem): return "--record \(path): kan ikke skrive opptaket der: \(problem)"
        case .draftNotWritable(let path, let problem):
            return "--draft \(path): kan ikke beholde utkastet der: \(problem) "
                + "(oppgi en vanlig fil i en skrivbar mappe, eller utelat --draft for å bruke tilstandsmappen)"

        case .recordWithResume: return "--record kan ikke kombineres med --resume: et opptak starter fra et tomt skjema"
        case .recordWithNoInput: return "--record kan ikke kombineres med --no-input: en kjøring som ikke spør om noe, har ingen økt å ta opp (ta opp ved en terminal, som spør om det svarene mangler eller fikk avvist)"
        case .recordWithSecret: return "--record kan ikke kombineres med --secret: et opptak holder aldri en hemmelighet, så avspillingen kunne ikke gi feltet samme verdi; skriv den ved spørsmålet i stedet"
        case .repeatWithNoInput: return "--repeat kan ikke kombineres med --no-input: en rekke poster slutter når operatøren avslutter den"
        case .repeatWithDraft: return "--repeat kan ikke kombineres med --draft: en kjøring kan beholde flere utkast, én fil holder ett (utelat --draft)"
        case .keepAskingWithNoInput: return "--keep-asking kan ikke kombineres med --no-input, som ikke spør om noe"
        case .setSyntax: return "--set må se ut som navn=verdi (en feltsti med punktum, så =)"
        case .keepAskingWithStopAtRefusal: return "--keep-asking kan ikke kombineres med --stop-at-refusal"
        case .resumeNumberNeedsResume: return "--resume-number trenger --resume"
        case .resumeNumberOutOfRange(let n): return "--resume \(n): ikke noe slikt utkast: utkastene er nummerert fra 1 til 999 (formline drafts viser dem)"
        case .resumeNumberWithDraft: return "--resume N velger et av tilstandsmappens utkast: med --draft FIL finnes bare den filen"
        case .timeoutOutOfBounds: return "--timeout må være mellom 0.001 og 3600 sekunder"
        case .clientCertAndKeyTogether: return "--client-cert og --client-key hører sammen"
        case .tlsNeedsEndpoint: return "--ca-file, --client-cert og --client-key gjelder --endpoint, som mangler"
        case .headerSyntax: return "--header må se ut som \"Navn: verdi\" med et gyldig headernavn"
        case .headerFromDescriptorTwice(let fd): return "--header-from: fd:\(fd) er oppgitt to ganger; en deskriptor leses én gang"
        case .secretDescriptorTwice(let fd): return "--secret: fd:\(fd) er oppgitt to ganger; en deskriptor leses én gang"
        case .openapiAndForm: return "--openapi bygger skjemaet fra dokumentet: oppgi en skjemafil eller --openapi, ikke begge"
        case .openapiNeedsOperation: return "--openapi trenger --operation OP (formline operations DOK viser dem)"
        case .operationNeedsOpenapi: return "--operation trenger --openapi DOK, dokumentet som beskriver den"
        case .refreshNeedsOpenapi: return "--refresh gjelder --openapi (et dokument hentet fra en server)"
        case .operationEmpty: return "--operation trenger en operationId eller \"METODE /sti\""
        case .unknownLanguage(let given):
            return "--lang: formline snakker en og nb (også som locale: nb_NO.UTF-8, no, nn), ikke \"\(given)\""

        case .discardNeedsForm: return "--discard trenger skjemaet: formline drafts SKJEMA --discard N"
        case .noSuchDraft(let form, let number): return "\(form) har ikke noe utkast \(number) (formline drafts \(form) viser dem)"
        case .draftDiscarded(let form, let number, let path): return "Forkastet utkast \(number) av \(form): \(path)"
        case .noDraftsOf(let form, let folder): return "Ingen utkast av \(form) i \(folder)."
        case .noDrafts(let folder): return "Ingen utkast i \(folder)."
        case .nameFormsToCheck: return "Oppgi skjemafiler å sjekke, eller --openapi DOK."
        case .nameSessions: return "Oppgi minst én øktfil eller mappe."
        case .jobsOutOfRange(let most): return "--jobs: oppgi et tall fra 1 til \(most)"
        case .timeoutOutOfRange: return "--timeout: oppgi et antall sekunder over 0, høyst 86400"
        case .replayShardSyntax(let most): return "--shard: oppgi K/N med 1 <= K <= N <= \(most), f.eks. 2/4"
        case .replayLiveNeedsEndpoint: return "--live trenger --endpoint URL: serveren forespørslene skal sendes til"
        case .replayLiveNeverUpdates:
            return "--live kan ikke kombineres med --update (eller FORMLINE_SESSIONS=overwrite): en direkte kjøring sjekker serveren "
                + "mot opptaket og skriver det aldri om; ta opp økten på nytt med fill --record"
        case .replayServerOptionsNeedLive: return "--endpoint, --header og --header-from hører til --live"
        case .replayEndpointProblem(let problem): return "--endpoint: \(problem)"
        case .formatTextOrTap: return "--format: oppgi text eller tap"
        case .cannotWriteReport(let path, let reason): return "kan ikke skrive \(path): \(reason)"

        case .replayUnreadableFile: return "kan ikke lese filen"
        case .replayCannotReadFile(let reason): return "kan ikke lese filen: \(reason)"
        case .replayNotUTF8: return "filen er ikke UTF-8-tekst"
        case .replayOpenAPISessionElsewhere(let operation):
            return "en OpenAPI-økt (#! operation: \(operation)): spill den av med formline replay, som bygger skjemaer fra OpenAPI-dokumenter"
        case .clearLineHint: return "(Svaret blir stående på linjen for retting: Ctrl-U tømmer den så du kan skrive på nytt)"
        case .replayFormNotLoaded(let path, let problems):
            return "kan ikke laste skjemaet \(path): " + problems.joined(separator: "; ")
        case .replayFormPathRefused(let path, let reason): return "#! form: \(path): \(reason); filen ble ikke lest"
        case .replayAnswersPathRefused(let path, let reason): return "#! answers: \(path): \(reason); filen ble ikke lest"
        case .replayAnswersNotLoaded(let path, let problems):
            return "kan ikke laste svarene \(path): " + problems.joined(separator: "; ")
        case .replayAnswersRefused(let problems):
            return "svarene avslutter økten før første spørsmål: " + problems.joined(separator: "; ")
        case .replayNoDefaultSecret(let line, let name):
            return "linje \(line): ingen standardverdi oppfyller reglene til hemmeligheten \"\(name)\": legg til \"#! secret \(name) = VERDI\""
        case .replayNoRefusedSecret(let line, let name):
            return "linje \(line): det kunne ikke lages en verdi som hemmeligheten \"\(name)\" avviser slik den opptatte ble avvist (avvisningen vist etter linjen nevner ingen regel i feltet som en verdi kan bryte)"
        case .replayNotASecretField(let line, let name):
            return "linje \(line): skjemaet har ikke noe hemmelig felt \"\(name)\" (gi en verdi med \"#! secret \(name) = VERDI\")"
        case .replayPromptWithNoInput(let prompt): return "spørsmålet \"\(prompt)\" uten mer inndata"
        case .replayInputLeftOver(let line, let text, let more):
            return "inndata til overs fra linje \(line): \"\(text)\"" + (more > 0 ? " og \(more) til" : "")
        case .replayRequestWithNoResponse(let method, let path): return "forespørsel \(method) \(path) uten flere svar"
        case .replayResponseNeverUsed(let line, let text, let more):
            return "svar aldri brukt, linje \(line): \"\(text)\"" + (more > 0 ? " og \(more) til" : "")
        case .replayRecordingDoesNotParse(let problem): return "opptaket kan ikke leses (en feil i formline): \(problem)"
        case .replayOutputDiffers(let line): return "utdata skiller seg fra opptaket på linje \(line)"
        case .replayLiveResponseDiffers(let line, let difference, let more):
            return "linje \(line): \(difference)" + (more > 0 ? " (og \(more) svar til skiller seg)" : "")
        case .replayCannotUpdate(let reason): return "kan ikke oppdatere filen: \(reason)"
        case .replayTimedOut(let seconds):
            let shown = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
            return "ble ikke ferdig innen \(shown) sekunder (--timeout); forlatt"
        case .replayPassed(let path, let updated): return updated ? "PASS \(path) (oppdatert)" : "PASS \(path)"
        case .replayFailed(let path, let reason): return "FAIL \(path): \(reason)"
        case .replayTally(let passed, let failed): return "\(passed) bestått, \(failed) feilet"
        case .recordingNotWritten(let path, let reason): return "\(path): kan ikke skrive opptaket: \(reason)"
        case .sessionPathUnreadable(let path): return "\(path): ingen slik lesbar fil eller mappe"
        case .tooManySessions(let path, let most): return "\(path): mer enn \(most) opptak"
        case .noRecordedResponseLeft: return "ingen opptatte svar igjen"
        case .pathNotOpenAPIDocument: return "ikke et OpenAPI-dokument (navnet slutter på .json, .yaml eller .yml)"
        case .pathNotFormFile: return "ikke en skjemafil (navnet på et skjema slutter på .yaml eller .yml)"
        case .pathNotAnswersFile: return "ikke en svarfil (navnet slutter på .yaml, .yml eller .json)"
        case .pathOutsideReplayFolder(let base):
            return "utenfor \(base), mappen avspillingen kjører fra (spill av fra en mappe som inneholder den, eller bruk --allow-outside)"

        case .headerValueProblem(let name, let problem): return "--header \(name): \(problem)"
        case .headerFromProblem(let problem): return "--header-from: \(problem)"
        case .secretProblem(let problem): return "--secret: \(problem)"
        case .secretSourceSyntax(let syntax): return "må se ut som \"felt=\(syntax)\""
        case .secretValueNotASource(let field, let syntax):
            return "\(field): verdien må være \(syntax) (selve hemmeligheten skal aldri på kommandolinjen)"
        case .headerSourceSyntax(let syntax): return "må se ut som \"Navn=\(syntax)\" med et gyldig headernavn"
        case .headerValueNotASource(let name, let syntax):
            return "\(name): verdien må være \(syntax) (selve headerverdien skal aldri på kommandolinjen)"

        case .draftNoStateFolder:
            return "kan ikke lagre utkastet: det finnes ingen tilstandsmappe (HOME og XDG_STATE_HOME er ikke satt eller ikke "
                + "absolutte, og formline holder aldri tilstand i arbeidsmappen): sett HOME, eller oppgi --draft FIL"
        case .draftNothingToResume(let path): return "\(path): ikke noe utkast å fortsette"
        case .draftNotADraft(let path): return "\(path): ikke et formline-utkast"
        case .draftCannotSave(let path, let reason): return "\(path): kan ikke lagre utkastet: \(reason)"
        case .draftCannotRead(let path, let reason): return "\(path): kan ikke lese utkastet: \(reason)"

        case .lineTooLong: return "Linjen er for lang (over 64 KiB)"
        case .lineNotUTF8: return "Linjen er ikke gyldig UTF-8-tekst"
        case .transportTimeout: return "ikke noe svar fra serveren i tide"
        case .transportRefused: return "serveren avviste tilkoblingen"
        case .requestCancelled: return "forespørselen ble avbrutt"
        case .unknownOption(let name): return "ukjent valg \"\(name)\""
        case .optionGivenTwice(let name): return "\(name) er oppgitt to ganger"
        case .optionNeedsValue(let name): return "\(name) trenger en verdi"
        case .optionTakesNoValue(let name): return "\(name) tar ingen verdi"
        case .outputTakesTextOrJSON: return "--output tar text eller json"
        case .transcriptArgsNotRecorded(let argument, let recorded):
            return "#! args: \"\(argument)\" er ikke et flagg et opptak tar med (\(recorded))"
        case .transcriptArgsProblem(let problem): return "#! args: " + problem

        case .checkOK(let path, let form, let count): return "\(path): ok (\(form), \(count) felt)"
        case .unknownCommandNear(let shown, let name): return "ukjent kommando \"\(shown)\" (mente du \"\(name)\"?)"
        case .unknownCommand(let shown, let names):
            return "ukjent kommando \"\(shown)\": bruk \(names.dropLast().joined(separator: ", ")) eller \(names.last ?? "fill") (formline --help)"
        case .noOperationWithBody: return "(ingen operasjon tar en JSON-kropp i forespørselen)"
        case .explainStatusOutOfRange(let status): return "--status må være en HTTP-status fra 100 til 599, ikke \(status)"
        case .explainContentTypeNeedsStatus: return "--content-type trenger --status (en opptaksfil har sin egen content_type)"
        case .notACapture: return "ikke et opptak: ventet et JSON-objekt med status, content_type og body (eller oppgi --status og den rå kroppen)"
        case .captureStatusNotHTTP: return "opptakets status må være et HTTP-statusnummer (100-599)"
        case .captureContentTypeNotString: return "opptakets content_type må være en streng eller null"
        case .openapiFullyExpressed(let name, let withBody):
            return "\(name): ok (\(withBody) " + (withBody == 1 ? "operasjon" : "operasjoner") + " med forespørselskropp, alle fullt uttrykt)"
        case .openapiNotFullyExpressed(let name, let affected, let withBody, let documentWide, let problems):
            return "\(name): \(affected) av \(withBody) " + (withBody == 1 ? "operasjon" : "operasjoner") + " med forespørselskropp ikke fullt uttrykt"
                + (documentWide ? ", og problemer med selve dokumentet" : "") + " (\(problems) " + (problems == 1 ? "problem" : "problemer") + ")"
        case .documentChangedWhileRead(let path): return "\(path): dokumentet ble endret mens formline leste det; kjør igjen"
        case .documentCannotRead(let path, let reason): return "\(path): kan ikke lese: \(reason)"
        case .documentNotModifiedToPlainGET(let url): return "\(url): serveren svarte 304 Not Modified på en vanlig GET"
        case .connectionRefused: return "tilkoblingen ble avvist"
        case .documentKeptCopyUsed(let url, let reason, let age): return "\(url): \(reason); bruker kopien hentet for \(age) siden"
        case .documentCannotFetch(let url, let reason): return "\(url): kan ikke hente dokumentet: \(reason)"
        case .recordCannotKeepCopy(let transcript, let copy, let problem):
            return "--record \(transcript): kan ikke beholde dokumentets kopi i \(copy): \(problem)"
        case .recordCopyUnreadable(let transcript, let copy):
            return "--record \(transcript): \(copy) finnes allerede og kan ikke leses; flytt den bort eller ta opp under et annet navn"
        case .recordCopyDiffers(let transcript, let copy):
            return "--record \(transcript): \(copy) finnes allerede og er ikke dette dokumentet; flytt den bort eller ta opp under et annet navn"
        case .documentCopyNotWritten(let path, let reason): return "\(path): kan ikke skrive dokumentets kopi: \(reason)"
        case .openapiNeedsOperationShort: return "--openapi trenger --operation"
        case .derivedFormDoesNotLoad:
            return "skjemaet bygd fra denne operasjonen lastes ikke: meld gjerne fra (formline import viser skjemaet)"
        case .openapiProblem(let problem): return "--openapi: \(problem)"
        case .documentProblem(let document, let problem): return "\(document): \(problem)"
        case .age(let seconds):
            if seconds < 120 { return "\(max(seconds, 0)) s" }
            if seconds < 7200 { return "\(seconds / 60) min" }
            if seconds < 172_800 { return "\(seconds / 3600) t" }
            return "\(seconds / 86400) dager"
        case .outboxNotWritten(let reason): return "utboksen kunne ikke skrives: \(reason)"
        case .outboxEmpty(let folder): return "Utboksen er tom (\(folder))."
        case .outboxNothingToSend(let folder):
            return "Ingenting å sende: utboksen har ingen oppføring i kø (\(folder)); avviste venter på formline outbox repair."
        case .outboxSent(let form, let key, let status, let note):
            return "\(form) \(key): sendt, godtatt (\(status))" + (note.map { " " + $0 } ?? "") + ", fjernet fra utboksen"
        case .outboxRejected(let form, let key, let status):
            return "\(form) \(key): avvist (\(status)), beholdt for formline outbox repair"
        case .outboxNotSent(let form, let key, let reason): return "\(form) \(key): ikke sendt (\(reason)), beholdt i utboksen"
        case .outboxBusy(let form, let key): return "\(form) \(key): en annen formline sender den, hoppet over"
        case .outboxFormUnusable(let form, let key, let problem):
            return "\(form) \(key): skjemafilen kan ikke brukes (\(problem)), beholdt i utboksen"
        case .outboxSendSummary(let sent, let rejected, let notSent, let busy):
            return "Utboks: \(sent) sendt, \(rejected) avvist, \(notSent) ikke sendt"
                + (busy > 0 ? ", \(busy) overlatt til en annen formline som sender dem." : ".")
        case .outboxJobsOutOfRange: return "--jobs må være mellom 1 og 64"
        case .outboxNothingToRepair: return "Ingenting å reparere: ingen oppføring i utboksen ble avvist (formline outbox viser dem)."
        case .outboxNoSuchEntry(let key):
            return "ingen avvist oppføring i utboksen har nøkkelen \(key) (formline outbox viser dem; en oppføring i kø sendes av formline outbox send)"
        case .outboxRepairing(let form, let key, let status):
            return "Reparerer \(form) \(key)" + (status.map { " (avvist \($0))" } ?? "") + ":"
        case .outboxRepaired(let form, let key): return "\(form) \(key): godtatt, fjernet fra utboksen"
        case .outboxKeptAsItWas(let form, let key): return "\(form) \(key): beholdt i utboksen som den var"
        case .queueWithOpenAPI:
            return "--queue kan ikke kombineres med --openapi: en oppføring sendes senere med skjemafilen sin, og skjemaet til en operasjon har ingen"
        case .batchShardSyntax: return "--shard tar K/N: denne maskinens andel K av N (1 <= K <= N), f.eks. --shard 2/4"
        case .batchMaxErrorsOutOfRange: return "--max-errors må være 1 eller mer"
        case .batchCannotRead(let path, let reason): return "\(path): kan ikke lese postene: \(reason)"
        case .batchCannotWriteReport(let path, let reason): return "--report \(path): kan ikke skrive: \(reason)"
        case .batchCannotWriteRejects(let path, let reason): return "--rejects \(path): kan ikke skrive: \(reason)"
        case .batchOutputIsInput(let option, let path):
            return "\(option) \(path) er inndatafilen: å skrive den ville slette postene før de er lest; oppgi en annen fil"
        case .batchReportIsRejects(let path): return "--report og --rejects oppgir begge \(path): oppgi to filer"
        case .draftAnswerCount(let n): return n == 1 ? "1 svar" : "\(n) svar"
        case .batchLineTooLong: return "posten er lengre enn 1 MiB"
        case .batchRetriesOutOfRange: return "--retries må være mellom 0 og 10"
        case .batchRepairNeedsTerminal:
            return "--repair spør ved en terminal: standard inn og ut må være en, og FIL kan ikke være -"
        case .batchRepairWithDryRun: return "--repair og --dry-run går ikke sammen: en prøvekjøring sender ingenting å rette"
        case .batchRepairRecord(let index, let count, let line): return "Post \(index) av \(count) å rette (linje \(line))"
        case .batchRepairSkipped(let record): return "Post \(record) hoppet over: beholdt blant de avviste"
        case .batchStopping:
            return "stopper: postene som er underveis fullføres, resten rapporteres som ikke forsøkt (Ctrl-C igjen forlater dem)"
        case .batchProgress(let done, let notAccepted, let perSecond):
            return "batch: \(done) poster ferdige, \(notAccepted) ikke godtatt, \(perSecond) poster/s"
        case .batchCSVNoHeader(let path): return "\(path): ingen overskriftsrad: den første raden i en CSV-fil navngir feltene"
        case .batchCSVTooManyColumns(let most): return "overskriften navngir mer enn \(most) kolonner"
        case .batchCSVEmptyColumnName: return "kolonnen har ikke noe navn: overskriften til hver kolonne navngir et felt"
        case .batchCSVDuplicateColumn(let column): return "navngitt to ganger: kolonne \(column) navngir det allerede"
        case .batchCSVColumnConflict(let column, let name):
            return "kolliderer med kolonne \(column) (\(name)): et navn er enten en verdi eller har egne felt, ikke begge"
        case .batchCSVNotUTF8: return "posten er ikke UTF-8-tekst"
        case .batchCSVNotOneRow: return "posten er ikke én CSV-rad (en vognretur alene avslutter en rad)"
        case .batchCSVRowTooWide(let cells, let columns): return "raden har \(cells) celler; overskriften navngir \(columns) kolonner"
        case .batchCSVStrayQuote(let line):
            return "linje \(line): en sitert celle fortsetter etter det avsluttende anførselstegnet: et anførselstegn inne i en sitert celle skrives to ganger (\"\"), og en celle med et anførselstegn i seg siteres hel"
        case .batchCSVUnclosedQuote(let line): return "den siterte cellen som åpnes på linje \(line), lukkes aldri: filen slutter inne i den"
        case .batchCSVSemicolons:
            return "bare kommaseparerte verdier: denne overskriften ser ut til å være skilt med semikolon (lagre filen som CSV med komma)"
        case .recordWithPrivateSet(let field):
            return "--record kan ikke kombineres med --set \(field)=...: \(field) er privat og et opptak inneholder aldri verdien; oppgi den i en --answers-fil (et opptak navngir filen, aldri verdiene) eller skriv den ved spørsmålet"
        case .logNotOpened(let path, let reason):
            return "--log \(path): \(reason) (diagnoseloggen legges til i en fil som er din egen, modus 600)"
        case .replayNoDefaultPrivate(let line, let name):
            return "linje \(line): ingen verdi replay lager, oppfyller reglene for det private feltet \"\(name)\": legg til \"#! private \(name) = VERDI\" (en oppdiktet verdi, aldri en ekte)"
        case .checking: return "kontrollerer..."
        case .checkCancelledByOperator: return "kontrollen ble avbrutt"
        @unknown default: return nil
        }
    }
}
