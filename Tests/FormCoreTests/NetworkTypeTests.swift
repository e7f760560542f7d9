import FormCore
import Testing

/// The network types: valid forms and their canonical text, and each mistake's message.
@Suite struct NetworkTypeTests {
    func ok(_ type: FieldType, _ input: String) -> FieldValue? { try? Field(name: "f", type: type).parse(input).get() }

    func error(_ type: FieldType, _ input: String) -> String? {
        if case .failure(let e) = Field(name: "f", type: type).parse(input) { return e.message }
        return nil
    }

    // MARK: IPv4

    @Test func ipv4Accepted() {
        #expect(ok(.ipv4, " 192.0.2.10 ") == .text("192.0.2.10"))
        #expect(ok(.ipv4, "0.0.0.0") == .text("0.0.0.0"))
        #expect(ok(.ipv4, "255.255.255.255") == .text("255.255.255.255"))
    }

    @Test func ipv4Mistakes() {
        #expect(error(.ipv4, "router") == "Enter an IPv4 address like 192.0.2.10")
        #expect(error(.ipv4, "192.0.2.256") == "Octet 256 is over 255")
        #expect(error(.ipv4, "192.0.2.1000") == "Octet 1000 is over 255")
        #expect(error(.ipv4, "192.0.2") == "An IPv4 address has 4 numbers separated by dots, this has 3")
        #expect(error(.ipv4, "1.2.3.4.5") == "An IPv4 address has 4 numbers separated by dots, this has 5")
        #expect(error(.ipv4, "192.0..1") == "Enter an IPv4 address like 192.0.2.10")
        #expect(error(.ipv4, "192.0.2.010")
            == "Octet 010 has a leading zero, which some systems read as octal: write it without")
        #expect(error(.ipv4, "2001:db8::1") == "Enter an IPv4 address like 192.0.2.10")
        #expect(error(.ipv4, "-1.2.3.4") == "Enter an IPv4 address like 192.0.2.10")
    }

    // MARK: IPv6

    @Test func ipv6CanonicalFormIsRFC5952() {
        #expect(ok(.ipv6, "2001:0DB8:0000:0000:0000:0000:0000:0001") == .text("2001:db8::1"))
        #expect(ok(.ipv6, "2001:db8:0:0:1:0:0:1") == .text("2001:db8::1:0:0:1"))   // first of equal runs
        #expect(ok(.ipv6, "2001:db8:0:1:1:1:1:1") == .text("2001:db8:0:1:1:1:1:1"))   // one zero group stays
        #expect(ok(.ipv6, "2001:0:0:1:0:0:0:1") == .text("2001:0:0:1::1"))   // the longest run
        #expect(ok(.ipv6, "::") == .text("::"))
        #expect(ok(.ipv6, "::1") == .text("::1"))
        #expect(ok(.ipv6, "fe80::") == .text("fe80::"))
        #expect(ok(.ipv6, "::FFFF:192.0.2.1") == .text("::ffff:192.0.2.1"))
        #expect(ok(.ipv6, "64:ff9b::192.0.2.1") == .text("64:ff9b::c000:201"))
        #expect(ok(.ipv6, "1:2:3:4:5:6:192.0.2.1") == .text("1:2:3:4:5:6:c000:201"))
    }

    @Test func ipv6Mistakes() {
        #expect(error(.ipv6, "host") == "Enter an IPv6 address like 2001:db8::1")
        #expect(error(.ipv6, "192.0.2.1") == "Enter an IPv6 address like 2001:db8::1")
        #expect(error(.ipv6, "2001:db8::1::2") == "Use :: only once in an IPv6 address")
        #expect(error(.ipv6, "2001:db8:::1") == "Enter an IPv6 address like 2001:db8::1")
        #expect(error(.ipv6, "2001:db8:12345::1") == "Group 12345 has more than 4 hex digits")
        #expect(error(.ipv6, "1:2:3:4:5:6:7")
            == "An IPv6 address has 8 groups of hex digits (or fewer with ::), this has 7")
        #expect(error(.ipv6, "1:2:3:4::5:6:7:8")
            == "An IPv6 address has 8 groups of hex digits (or fewer with ::), this has 8")
        #expect(error(.ipv6, ":1:2:3:4:5:6:7") == "Enter an IPv6 address like 2001:db8::1")
        #expect(error(.ipv6, "fe80::1%eth0") == "Enter an IPv6 address like 2001:db8::1")
        #expect(error(.ipv6, "::ffff:192.0.2.300") == "Octet 300 is over 255")
        #expect(error(.ipv6, "::192.0.2.1:1") == "Enter an IPv6 address like 2001:db8::1")
    }

    // MARK: Either

    @Test func ipTakesEitherAndSaysWhichWentWrong() {
        #expect(ok(.ip, "192.0.2.10") == .text("192.0.2.10"))
        #expect(ok(.ip, "2001:DB8::A") == .text("2001:db8::a"))
        #expect(error(.ip, "localhost") == "Enter an IP address like 192.0.2.10 or 2001:db8::1")
        #expect(error(.ip, "10.0.0.256") == "Octet 256 is over 255")
        #expect(error(.ip, "2001:db8::g") == "Enter an IPv6 address like 2001:db8::1")
    }

    // MARK: CIDR

    @Test func cidrKeepsHostBitsAndCanonicalisesTheAddress() {
        #expect(ok(.cidr, "192.0.2.0/24") == .text("192.0.2.0/24"))
        #expect(ok(.cidr, "192.0.2.10/24") == .text("192.0.2.10/24"))
        #expect(ok(.cidr, "2001:DB8:0::1/64") == .text("2001:db8::1/64"))
        #expect(ok(.cidr, "0.0.0.0/0") == .text("0.0.0.0/0"))
        #expect(ok(.cidr, "::/128") == .text("::/128"))
    }

    @Test func cidrMistakes() {
        let shape = "Enter a network as address/prefix, like 192.0.2.0/24 or 2001:db8::/32"
        #expect(error(.cidr, "192.0.2.0") == shape)
        #expect(error(.cidr, "192.0.2.0/") == shape)
        #expect(error(.cidr, "/24") == shape)
        #expect(error(.cidr, "192.0.2.0/024") == shape)
        #expect(error(.cidr, "192.0.2.0/24/1") == shape)
        #expect(error(.cidr, "192.0.2.0/33") == "Prefix /33 is over 32")
        #expect(error(.cidr, "2001:db8::/129") == "Prefix /129 is over 128")
        #expect(error(.cidr, "192.0.2.256/24") == "Octet 256 is over 255")
    }

    // MARK: Host names

    @Test func hostnamesAreLowerCasedWithoutTheTrailingDot() {
        #expect(ok(.hostname, "Mail.Example.COM") == .text("mail.example.com"))
        #expect(ok(.hostname, "example.com.") == .text("example.com"))
        #expect(ok(.hostname, "localhost") == .text("localhost"))
        #expect(ok(.hostname, "3com.net") == .text("3com.net"))   // RFC 1123: a digit may start a label
        #expect(ok(.hostname, "a-b.c") == .text("a-b.c"))
        let label63 = String(repeating: "a", count: 63)
        #expect(ok(.hostname, label63 + ".com") == .text(label63 + ".com"))
        let label = String(repeating: "b", count: 63)
        let name253 = [label, label, label, String(repeating: "c", count: 61)].joined(separator: ".")
        #expect(name253.count == 253 && ok(.hostname, name253) != nil)
    }

    @Test func hostnameMistakes() {
        #expect(error(.hostname, ".") == "Enter a host name like mail.example.com")
        #expect(error(.hostname, "my_host.example") == "\"_\" can't be in a host name (letters a-z, digits, - and .)")
        #expect(error(.hostname, "bücher.example") == "\"ü\" can't be in a host name (letters a-z, digits, - and .)")
        #expect(error(.hostname, "a..b") == "A host name can't have an empty part (two dots in a row, or a dot first)")
        #expect(error(.hostname, ".example.com") == "A host name can't have an empty part (two dots in a row, or a dot first)")
        #expect(error(.hostname, "example.com..") == "A host name can't have an empty part (two dots in a row, or a dot first)")
        #expect(error(.hostname, "-web.example") == "Part \"-web\" can't start or end with a hyphen")
        #expect(error(.hostname, "web-.example") == "Part \"web-\" can't start or end with a hyphen")
        #expect(error(.hostname, String(repeating: "a", count: 64) + ".com")
            == "Part \"" + String(repeating: "a", count: 17) + "...\" is longer than 63 characters")
        let label = String(repeating: "b", count: 63)
        let name254 = [label, label, label, String(repeating: "c", count: 62)].joined(separator: ".")
        #expect(error(.hostname, name254) == "A host name has at most 253 characters (this has 254)")
        #expect(error(.hostname, "192.0.2.10") == "The last part of a host name can't be all digits (that is an address)")
    }

    // MARK: MAC

    @Test func macLayoutsAndCanonicalForm() {
        #expect(ok(.mac, "00:1A:2b:3C:4d:5E") == .text("00:1a:2b:3c:4d:5e"))
        #expect(ok(.mac, "00-1a-2b-3c-4d-5e") == .text("00:1a:2b:3c:4d:5e"))
        #expect(ok(.mac, "001A.2B3C.4D5E") == .text("00:1a:2b:3c:4d:5e"))
    }

    @Test func macMistakes() {
        let message = "Enter a MAC address like 00:1a:2b:3c:4d:5e"
        for bad in ["00:1a:2b:3c:4d", "00:1a-2b:3c:4d:5e", "001a2b3c4d5e", "00:1a:2b:3c:4d:5g", "0:1a:2b:3c:4d:5e0", "001a.2b3c"] {
            #expect(error(.mac, bad) == message, "\(bad)")
        }
    }

    @Test func newTypesTakeNoLengthRulesOrOrdering() {
        for type in [FieldType.ipv4, .ipv6, .ip, .cidr, .hostname, .mac] {
            #expect(!type.isTextual && !type.isOrdered && !type.kind.takesChoices)
        }
    }
}
