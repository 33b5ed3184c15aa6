import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tuolaji.Backend

// The saved servers (name, ws:// or wss:// address, a trusted certificate fingerprint for a
// self-signed one), each with its reachability and version; the last one used is marked.
Rectangle {
    id: box
    property var hosting
    radius: 12
    color: Theme.panel

    Text {
        x: 16
        y: 14
        text: qsTr("Saved servers")
        color: Theme.text
        font.pixelSize: 20
        font.bold: true
    }
    TableButton {
        anchors.right: parent.right
        anchors.rightMargin: 12
        y: 8
        text: qsTr("Refresh")
        onClicked: box.hosting.refreshServers()
    }
    ListView {
        id: list
        objectName: "serversList"
        x: 16
        y: 56
        width: box.width - 32
        height: box.height - 150
        clip: true
        spacing: 6
        model: box.hosting.servers
        delegate: Rectangle {
            id: row
            required property string name
            required property string url
            required property bool pinned
            required property string reach
            required property string version
            required property bool last
            width: list.width
            height: 48
            radius: 8
            color: Theme.feltDark
            border.color: row.last ? Theme.accent : "transparent"
            Column {
                x: 12
                anchors.verticalCenter: parent.verticalCenter
                Text { text: row.name + (row.pinned ? "  " + qsTr("(certificate pinned)") : ""); color: Theme.text; font.pixelSize: 16; width: Math.min(300, row.width - 210); elide: Text.ElideRight }
                Text {
                    text: row.url + "  ·  " + (row.reach === "ok" ? qsTr("reachable, version %1").arg(row.version)
                          : row.reach === "down" ? qsTr("not reachable")
                          : row.reach === "certificate" ? qsTr("certificate not trusted")
                          : qsTr("checking…"))
                    color: row.reach === "ok" ? Theme.dim : Theme.warn
                    font.pixelSize: 15
                    width: Math.min(330, row.width - 210)
                    elide: Text.ElideRight
                }
            }
            Row {
                anchors.right: parent.right
                anchors.rightMargin: 6
                anchors.verticalCenter: parent.verticalCenter
                spacing: 6
                TableButton {
                    text: qsTr("Connect")
                    onClicked: {
                        box.hosting.connectServer(row.url)
                        ApplicationWindow.window.go("lobby")
                    }
                }
                TableButton { text: qsTr("Remove"); onClicked: box.hosting.removeServer(row.url) }
            }
        }
        Text {
            visible: list.count === 0
            anchors.centerIn: parent
            text: qsTr("No saved servers")
            color: Theme.dim
            font.pixelSize: 16
        }
    }
    RowLayout {
        x: 16
        y: box.height - 84
        width: box.width - 32
        spacing: 6
        TextField { id: nameField; Layout.preferredWidth: 120; font.pixelSize: 15; placeholderText: qsTr("Name") }
        TextField { id: addressField; objectName: "serverAddress"; Layout.fillWidth: true; font.pixelSize: 15; placeholderText: qsTr("wss://host or host:port") }
    }
    RowLayout {
        x: 16
        y: box.height - 44
        width: box.width - 32
        spacing: 6
        TextField { id: pinField; Layout.fillWidth: true; font.pixelSize: 15; placeholderText: qsTr("Certificate SHA-256 (only for a self-signed one)") }
        TableButton {
            text: qsTr("Save")
            onClicked: {
                box.hosting.saveServer(nameField.text, addressField.text, pinField.text)
                if (box.hosting.error === "") { nameField.text = ""; addressField.text = ""; pinField.text = "" }
            }
        }
    }
}
