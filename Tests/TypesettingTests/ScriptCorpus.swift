import Typesetting

/// One title per script, in a language written in it: the fallback chain must draw every one
/// without `.notdef`, from the expected face (the script faces of Debian's `fonts-noto-core`
/// and `fonts-noto-cjk`, found by path; the shipped faces otherwise).
enum ScriptCorpus {
    struct Title {
        let script: String
        let language: String
        let text: String
        /// The family whose face the title's letters fall back to (the title face is Quicksand Bold).
        let family: String
    }

    static let titles: [Title] = [
        Title(script: "Latn", language: "en", text: "Happy Birthday", family: "Quicksand"),
        Title(script: "Grek", language: "el", text: "Χρόνια πολλά", family: "Noto Sans"),
        Title(script: "Cyrl", language: "ru", text: "С днём рождения", family: "Noto Sans"),
        Title(script: "Arab", language: "ar", text: "عيد ميلاد سعيد", family: "Noto Sans Arabic"),
        Title(script: "Hebr", language: "he", text: "יום הולדת שמח", family: "Noto Sans Hebrew"),
        Title(script: "Deva", language: "hi", text: "जन्मदिन मुबारक", family: "Noto Sans Devanagari"),
        Title(script: "Thai", language: "th", text: "สุขสันต์วันเกิด", family: "Noto Sans Thai"),
        Title(script: "Beng", language: "bn", text: "শুভ জন্মদিন", family: "Noto Sans Bengali"),
        Title(script: "Taml", language: "ta", text: "பிறந்தநாள் வாழ்த்துக்கள்", family: "Noto Sans Tamil"),
        Title(script: "Telu", language: "te", text: "పుట్టినరోజు శుభాకాంక్షలు", family: "Noto Sans Telugu"),
        Title(script: "Gujr", language: "gu", text: "જન્મદિવસની શુભેચ્છા", family: "Noto Sans Gujarati"),
        Title(script: "Guru", language: "pa", text: "ਜਨਮਦਿਨ ਮੁਬਾਰਕ", family: "Noto Sans Gurmukhi"),
        Title(script: "Orya", language: "or", text: "ଜନ୍ମଦିନର ଶୁଭେଚ୍ଛା", family: "Noto Sans Oriya"),
        Title(script: "Knda", language: "kn", text: "ಹುಟ್ಟುಹಬ್ಬದ ಶುಭಾಶಯಗಳು", family: "Noto Sans Kannada"),
        Title(script: "Mlym", language: "ml", text: "ജന്മദിനാശംസകൾ", family: "Noto Sans Malayalam"),
        Title(script: "Sinh", language: "si", text: "සුබ උපන්දිනයක්", family: "Noto Sans Sinhala"),
        Title(script: "Armn", language: "hy", text: "Շնորհավոր ծնունդդ", family: "Noto Sans Armenian"),
        Title(script: "Geor", language: "ka", text: "გილოცავ დაბადების დღეს", family: "Noto Sans Georgian"),
        Title(script: "Laoo", language: "lo", text: "ສຸກສັນວັນເກີດ", family: "Noto Sans Lao"),
        Title(script: "Khmr", language: "km", text: "រីករាយថ្ងៃកំណើត", family: "Noto Sans Khmer"),
        Title(script: "Mymr", language: "my", text: "မွေးနေ့ မင်္ဂလာပါ", family: "Noto Sans Myanmar"),
        Title(script: "Tibt", language: "bo", text: "སྐྱེས་སྐར་བཀྲ་ཤིས།", family: "Noto Serif Tibetan"),
        Title(script: "Ethi", language: "am", text: "መልካም ልደት", family: "Noto Sans Ethiopic"),
        Title(script: "Thaa", language: "dv", text: "އުފަން ދުވަހުގެ ތަހުނިޔާ", family: "Noto Sans Thaana"),
        Title(script: "Syrc", language: "syr", text: "ܥܐܕܐ ܒܪܝܟܐ", family: "Noto Sans Syriac"),
        Title(script: "Cher", language: "chr", text: "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ", family: "Noto Sans Cherokee"),
        Title(script: "Cans", language: "iu", text: "ᐃᓄᒃᑎᑐᑦ", family: "Noto Sans Canadian Aboriginal"),
        Title(script: "Tfng", language: "zgh", text: "ⵜⴰⵎⴰⵣⵉⵖⵜ", family: "Noto Sans Tifinagh"),
        Title(script: "Olck", language: "sat", text: "ᱥᱟᱱᱛᱟᱲᱤ", family: "Noto Sans Ol Chiki"),
        Title(script: "Nkoo", language: "nqo", text: "ߒߞߏ ߞߊ߲", family: "Noto Sans NKo"),
        Title(script: "Yiii", language: "ii", text: "ꆈꌠꁱꂷ", family: "Noto Sans Yi"),
        Title(script: "Hani", language: "zh-Hans", text: "生日快乐", family: "Noto Sans CJK SC"),
        Title(script: "Hani", language: "zh-Hant", text: "生日快樂", family: "Noto Sans CJK TC"),
        Title(script: "Hira", language: "ja", text: "お誕生日おめでとう", family: "Noto Sans CJK JP"),
        Title(script: "Hang", language: "ko", text: "생일 축하해요", family: "Noto Sans CJK KR"),
    ]

    /// Scripts in the corpus, without repeats.
    static var scripts: Set<String> { Set(titles.map(\.script)) }
}
