pragma Singleton
import QtQuick

QtObject {
    readonly property color felt: "#1f5f3a"
    readonly property color feltDark: "#174a2d"
    readonly property color feltLight: "#2a7449"
    readonly property color bar: "#10261a"
    readonly property color panel: "#dd10261a"
    readonly property color text: "#f3f1e6"
    readonly property color dim: "#b8c4b8"
    readonly property color accent: "#f2c14e"
    readonly property color warn: "#ff8a65"
    readonly property color defenders: "#e57373"
    readonly property color attackers: "#64b5f6"
    readonly property color button: "#2e7d4f"
    readonly property color buttonHover: "#379460"
    readonly property color buttonDisabled: "#46604f"
    readonly property real cardAspect: 169.075 / 244.64
    readonly property int baseWidth: 1280
    readonly property int baseHeight: 720
    // No text is set smaller than this; a window too small for the 1280×720 stage gets a
    // narrower stage (pages reflow to it) rather than text under 12 px on screen.
    readonly property int smallestText: 15
    readonly property real minScale: 12 / smallestText

    // A suit's colour wherever a suit is written (hand, trump badge, bid buttons, counter):
    // four colours (♠ black, ♥ red, ♣ green, ♦ blue) unless the setting turns them off.
    // ``suit``: S H C D or its symbol; ``onDark``: lighter shades for dark backgrounds.
    function suitColour(suit, four, onDark) {
        const key = ({ "♠": "S", "♥": "H", "♣": "C", "♦": "D" })[suit] || suit
        const light = { S: "#111111", H: "#d01010", C: four ? "#118a2a" : "#111111", D: four ? "#1757d6" : "#d01010" }
        const dark = { S: text, H: "#ff8a80", C: four ? "#81c784" : text, D: four ? "#82b1ff" : "#ff8a80" }
        return (onDark ? dark : light)[key] || (onDark ? text : "#111111")
    }
    // Plain ``words`` as StyledText: each card written with a suit sign (10♥, ♠A) in its
    // suit's colour, as the cards and the bid buttons show it.
    function suitsColoured(words, four, onDark) {
        const safe = String(words).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
        return safe.replace(/[0-9JQKA]*[♠♥♣♦][0-9JQKA]*/g, card => "<font color=\"" + suitColour(card.match(/[♠♥♣♦]/)[0], four, onDark) + "\">" + card + "</font>")
    }
}
