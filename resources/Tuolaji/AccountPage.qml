import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The account on the server in Settings: make this player an account (no e-mail), sign in on
// another computer (password, recovery code, or a code shown by a signed-in device), the
// recovery codes shown once, a link code for another device, sign out.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    property var vm: App.account
    property string mode: "password"  // how to sign in: password, recovery, link
    // signed in or out: no password or code stays typed in a field
    readonly property bool signedIn: vm.signedIn
    onSignedInChanged: {
        for (const field of [newPassword, signPassword, recoveryCode, recoveryPassword, linkField])
            field.clear()
    }
    // another way to sign in: the last one's error does not stay under it
    onModeChanged: vm.clearError()

    Component.onCompleted: vm.reload()

    PageHeader {
        title: qsTr("Account")
        onBack: ApplicationWindow.window.go("home")
    }

    Text {
        objectName: "accountServer"
        x: 80
        y: 84
        width: 1120
        text: page.vm.signedIn
              ? qsTr("Signed in to %1 as %2.").arg(page.vm.server).arg(page.vm.account)
              : qsTr("On %1 you play as a guest. An account keeps your rating and games on any computer, without e-mail.").arg(page.vm.server)
        color: Theme.text
        font.pixelSize: 20
        wrapMode: Text.WordWrap
    }

    // -- a guest: make an account, or sign in to one -------------------------------------
    Row {
        visible: !page.vm.signedIn
        x: 80
        y: 150
        spacing: 40

        Rectangle {
            width: 540
            height: 400
            radius: 12
            color: Theme.panel
            Column {
                x: 24
                y: 20
                width: parent.width - 48
                spacing: 12
                Text { text: qsTr("New account"); color: Theme.text; font.pixelSize: 24; font.bold: true }
                Text {
                    width: parent.width
                    text: qsTr("Your rating and games so far stay yours. The password is optional: without one, sign in elsewhere with a recovery code or a code from this computer.")
                    color: Theme.dim
                    font.pixelSize: 16
                    wrapMode: Text.WordWrap
                }
                TextField {
                    id: newName
                    objectName: "newAccountName"
                    width: parent.width
                    font.pixelSize: 18
                    text: App.settings.playerName
                    placeholderText: qsTr("Account name")
                }
                TextField {
                    id: newPassword
                    objectName: "newAccountPassword"
                    width: parent.width
                    font.pixelSize: 18
                    echoMode: TextInput.Password
                    placeholderText: qsTr("Password (8 or more characters, optional)")
                }
                TableButton {
                    objectName: "createAccount"
                    text: qsTr("Create the account")
                    primary: true
                    enabled: !page.vm.busy && newName.text.trim().length > 0
                    onClicked: page.vm.create(newName.text, newPassword.text)
                }
            }
        }

        Rectangle {
            width: 540
            height: 400
            radius: 12
            color: Theme.panel
            Column {
                x: 24
                y: 20
                width: parent.width - 48
                spacing: 12
                Text { text: qsTr("Sign in"); color: Theme.text; font.pixelSize: 24; font.bold: true }
                Row {
                    spacing: 8
                    Repeater {
                        model: [["password", qsTr("Password")], ["recovery", qsTr("Recovery code")],
                                ["link", qsTr("Code from a device")]]
                        delegate: TableButton {
                            required property var modelData
                            objectName: "mode-" + modelData[0]
                            text: modelData[1]
                            primary: page.mode === modelData[0]
                            onClicked: page.mode = modelData[0]
                        }
                    }
                }
                TextField {
                    id: signName
                    objectName: "signInName"
                    visible: page.mode !== "link"
                    width: parent.width
                    font.pixelSize: 18
                    placeholderText: qsTr("Account name")
                }
                TextField {
                    id: signPassword
                    objectName: "signInPassword"
                    visible: page.mode === "password"
                    width: parent.width
                    font.pixelSize: 18
                    echoMode: TextInput.Password
                    placeholderText: qsTr("Password")
                }
                TextField {
                    id: recoveryCode
                    objectName: "recoveryCode"
                    visible: page.mode === "recovery"
                    width: parent.width
                    font.pixelSize: 18
                    placeholderText: qsTr("Recovery code, e.g. abcd-efgh-jkmn-pqrs")
                }
                TextField {
                    id: recoveryPassword
                    objectName: "recoveryPassword"
                    visible: page.mode === "recovery"
                    width: parent.width
                    font.pixelSize: 18
                    echoMode: TextInput.Password
                    placeholderText: qsTr("New password (optional)")
                }
                Text {
                    visible: page.mode === "recovery"
                    width: parent.width
                    text: qsTr("Using a recovery code signs the account out everywhere else and replaces its password.")
                    color: Theme.dim
                    font.pixelSize: 15
                    wrapMode: Text.WordWrap
                }
                Text {
                    visible: page.mode === "link"
                    width: parent.width
                    text: qsTr("On a computer where you are signed in, open Account and choose “Link another device”, then type its code here.")
                    color: Theme.dim
                    font.pixelSize: 16
                    wrapMode: Text.WordWrap
                }
                TextField {
                    id: linkField
                    objectName: "linkCodeField"
                    visible: page.mode === "link"
                    width: parent.width
                    font.pixelSize: 22
                    placeholderText: qsTr("Code, e.g. ABCD-EFGH")
                }
                TableButton {
                    objectName: "signInButton"
                    text: qsTr("Sign in")
                    primary: true
                    enabled: !page.vm.busy
                    onClicked: {
                        if (page.mode === "password")
                            page.vm.signIn(signName.text, signPassword.text)
                        else if (page.mode === "recovery")
                            page.vm.recover(signName.text, recoveryCode.text, recoveryPassword.text)
                        else
                            page.vm.enterLinkCode(linkField.text)
                    }
                }
            }
        }
    }

    // -- signed in: link another device, sign out ----------------------------------------
    Column {
        visible: page.vm.signedIn && page.vm.recoveryCodes.length === 0
        x: 80
        y: 160
        width: 1120
        spacing: 16
        Row {
            spacing: 16
            TableButton {
                objectName: "linkDevice"
                text: qsTr("Link another device")
                primary: true
                enabled: !page.vm.busy
                onClicked: page.vm.showLinkCode()
            }
            TableButton {
                objectName: "signOut"
                text: qsTr("Sign out")
                enabled: !page.vm.busy
                onClicked: page.vm.signOut(false)
            }
            TableButton {
                objectName: "signOutEverywhere"
                text: qsTr("Sign out everywhere")
                enabled: !page.vm.busy
                onClicked: page.vm.signOut(true)
            }
        }
        Rectangle {
            visible: page.vm.linkCode !== ""
            width: 620
            height: 170
            radius: 12
            color: Theme.panel
            Column {
                anchors.centerIn: parent
                spacing: 8
                Text {
                    anchors.horizontalCenter: parent.horizontalCenter
                    text: qsTr("On the other device, choose Sign in, “Code from a device”, and type:")
                    color: Theme.dim
                    font.pixelSize: 16
                }
                Text {
                    objectName: "linkCode"
                    anchors.horizontalCenter: parent.horizontalCenter
                    text: page.vm.linkCode
                    color: Theme.accent
                    font.pixelSize: 48
                    font.bold: true
                    font.family: "monospace"
                }
                Text {
                    objectName: "linkLeft"
                    anchors.horizontalCenter: parent.horizontalCenter
                    text: qsTr("Works once, for %1:%2 more.").arg(Math.floor(page.vm.linkSecondsLeft / 60))
                          .arg(String(page.vm.linkSecondsLeft % 60).padStart(2, "0"))
                    color: Theme.dim
                    font.pixelSize: 16
                }
            }
        }
    }

    // -- the recovery codes, once --------------------------------------------------------
    Rectangle {
        objectName: "recoveryCodes"
        visible: page.vm.recoveryCodes.length > 0
        x: 190
        y: 150
        width: 900
        height: 480
        radius: 12
        color: Theme.panel
        border.color: Theme.accent
        border.width: 2
        Column {
            x: 30
            y: 24
            width: parent.width - 60
            spacing: 14
            Text { text: qsTr("Your recovery codes"); color: Theme.text; font.pixelSize: 26; font.bold: true }
            Text {
                width: parent.width
                text: qsTr("Copy them, write them down or print them now: they are shown only this once. Each one signs you in once if you lose your computers, ends every other sign-in and sets a new password.")
                color: Theme.text
                font.pixelSize: 17
                wrapMode: Text.WordWrap
            }
            Grid {
                columns: 2
                columnSpacing: 60
                rowSpacing: 10
                Repeater {
                    model: page.vm.recoveryCodes
                    delegate: Text {
                        required property string modelData
                        text: modelData
                        color: Theme.accent
                        font.pixelSize: 26
                        font.family: "monospace"
                    }
                }
            }
            Row {
                spacing: 16
                TableButton {
                    objectName: "copyCodes"
                    text: page.vm.codesCopied ? qsTr("Copied") : qsTr("Copy the codes")
                    onClicked: page.vm.copyCodes()
                }
                TableButton {
                    objectName: "codesSaved"
                    text: qsTr("I have saved them")
                    primary: true
                    onClicked: page.vm.codesSaved()
                }
            }
        }
    }

    Text {
        objectName: "accountError"
        x: 80
        y: 640
        width: 1120
        text: page.vm.busy ? qsTr("Talking to the server…") : page.vm.error
        color: page.vm.busy ? Theme.dim : Theme.warn
        font.pixelSize: 18
        wrapMode: Text.WordWrap
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
