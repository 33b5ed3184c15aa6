; Inno Setup script: a per-user or all-users installer for the Windows bundle.
;
;   python packaging\build_bundle.py          (makes dist\tuolaji\)
;   iscc packaging\windows\tuolaji.iss        (makes dist\tuolaji-0.1.0-setup.exe)
;
; Not built or tested by this project's CI (it runs on Linux); see README "Install".

#define AppName "Tuolaji"
; The version: pyproject.toml's, or iscc /DAppVersion=X.Y.Z
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppId "io.github.tuolaji.Tuolaji"
#define Root "..\.."

[Setup]
AppId={#AppId}
AppName={#AppName}
AppVerName={#AppName} {#AppVersion}
AppVersion={#AppVersion}
AppPublisher=The Tuolaji developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#Root}\dist
OutputBaseFilename=tuolaji-{#AppVersion}-setup
SetupIconFile={#Root}\packaging\icons\tuolaji.ico
UninstallDisplayIcon={app}\tuolaji.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "zh_CN"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\tuolaji\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\tuolaji.exe"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\tuolaji.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tuolaji.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
