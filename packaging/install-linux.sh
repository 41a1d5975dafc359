#!/usr/bin/env bash
# Install a built PostalGUI (the one-folder PyInstaller build, dist/postalgui) for the current
# user, with a launcher, a desktop menu entry and its icons; or remove exactly that again.
#
#   packaging/install-linux.sh [--from DIR] [--prefix DIR]
#   packaging/install-linux.sh --uninstall [--prefix DIR]
#
# Where things go (PREFIX is --prefix, default ~/.local; DATA is PREFIX/share when --prefix is
# given, else ${XDG_DATA_HOME:-~/.local/share}, where the desktop menus look):
#   DATA/postalgui/app/                          the built folder (DATA/postalgui itself holds
#                                                the app's own data and is never removed)
#   PREFIX/bin/postalgui                         a symlink to DATA/postalgui/app/postalgui
#   DATA/applications/postalgui.desktop          Exec= the installed executable, Icon=postalgui
#   DATA/icons/hicolor/<n>x<n>/apps/postalgui.png, .../scalable/apps/postalgui.svg
#
# What an install wrote (files, the link and the folders it had to create) is listed in
# DATA/postalgui/app/.install-manifest: a reinstall and --uninstall remove what it lists and
# nothing else. The desktop and icon caches are refreshed when their tools are there.
set -euo pipefail

PROGRAM=postalgui
MANIFEST_NAME=.install-manifest
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  cat <<EOF
Usage: $(basename "$0") [--from DIR] [--prefix DIR] [--uninstall]

Install the built PostalGUI folder for the current user, with a desktop menu entry and icons.

  --from DIR     the built one-folder app (default: dist/postalgui in the project)
  --prefix DIR   install under DIR (DIR/bin, DIR/share) instead of ~/.local and
                 \${XDG_DATA_HOME:-~/.local/share}
  --uninstall    remove what a previous install put there, and nothing else
  -h, --help     this help
EOF
}

die() {
  printf 'install-linux.sh: error: %s\n' "$1" >&2
  exit 1
}

absolute() {
  if [[ $1 == /* ]]; then printf '%s\n' "$1"; else printf '%s\n' "$PWD/$1"; fi
}

from="$repo_root/dist/postalgui"
prefix=""
uninstall=false
while (($#)); do
  case $1 in
    --from)
      (($# >= 2)) || die "--from needs a folder"
      from=$(absolute "$2")
      shift 2
      ;;
    --prefix)
      (($# >= 2)) || die "--prefix needs a folder"
      prefix=$(absolute "$2")
      shift 2
      ;;
    --uninstall)
      uninstall=true
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
done

if [[ -n $prefix ]]; then
  data_dir="$prefix/share"
  bin_dir="$prefix/bin"
else
  data_dir=${XDG_DATA_HOME:-}
  # The XDG spec: a relative XDG_DATA_HOME is invalid and must be ignored.
  [[ $data_dir == /* ]] || data_dir="$HOME/.local/share"
  bin_dir="$HOME/.local/bin"
fi
app_dir="$data_dir/$PROGRAM/app"
manifest="$app_dir/$MANIFEST_NAME"
launcher="$bin_dir/$PROGRAM"
desktop_file="$data_dir/applications/$PROGRAM.desktop"
icon_theme="$data_dir/icons/hicolor"

created_dirs=()   # folders this install (or the one it replaces) created, outermost first
installed=()      # manifest lines: "file PATH" or "link PATH"

# mkdir -p, noting every folder that did not exist so that --uninstall can remove it again.
make_dir() {
  local dir=$1 missing=()
  while [[ ! -d $dir ]]; do
    missing=("$dir" "${missing[@]}")
    dir=$(dirname "$dir")
  done
  if ((${#missing[@]})); then
    mkdir -p "$1"
    created_dirs+=("${missing[@]}")
  fi
}

put_file() {  # put_file SOURCE TARGET MODE
  make_dir "$(dirname "$2")"
  install -m "$3" "$1" "$2"
  installed+=("file $2")
}

# An Exec= argument as the desktop entry spec wants it: %% for %, double quotes around a path
# with reserved characters (and \ before " ` $ \ inside them), then every \ doubled again
# because the value is itself an escaped string.
desktop_exec_arg() {
  local arg=${1//%/%%}
  case $arg in
    *[[:space:]\"\'\\\>\<~\|\&\;\$\*\?\#\(\)\`]*)
      arg=${arg//\\/\\\\}
      arg=${arg//\"/\\\"}
      arg=${arg//\`/\\\`}
      arg=${arg//\$/\\\$}
      arg="\"$arg\""
      ;;
  esac
  printf '%s\n' "${arg//\\/\\\\}"
}

# The project's desktop entry with Exec= the installed executable and Icon=postalgui.
write_desktop_entry() {
  local template="$repo_root/packaging/$PROGRAM.desktop" target=$1 exec_line line has_icon=false
  exec_line="Exec=$(desktop_exec_arg "$app_dir/$PROGRAM")"
  make_dir "$(dirname "$target")"
  {
    while IFS= read -r line || [[ -n $line ]]; do
      case $line in
        Exec=*) printf '%s\n' "$exec_line" ;;
        Icon=*)
          printf 'Icon=%s\n' "$PROGRAM"
          has_icon=true
          ;;
        *) printf '%s\n' "$line" ;;
      esac
    done <"$template"
    $has_icon || printf 'Icon=%s\n' "$PROGRAM"
  } >"$target.tmp"
  chmod 644 "$target.tmp"
  mv -f "$target.tmp" "$target"
  installed+=("file $target")
}

refresh_caches() {
  if command -v update-desktop-database >/dev/null 2>&1 && [[ -d $data_dir/applications ]]; then
    update-desktop-database -q "$data_dir/applications" 2>/dev/null ||
      echo "note: update-desktop-database failed; the menu may show the change after the next login"
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && [[ -d $icon_theme ]]; then
    gtk-update-icon-cache -q -f -t "$icon_theme" 2>/dev/null ||
      echo "note: gtk-update-icon-cache failed; the icon may show after the next login"
  fi
  return 0
}

# Read an install's manifest into old_entries (file/link lines) and created_dirs.
old_entries=()
read_manifest() {
  local kind path
  [[ -f $manifest ]] || return 0
  while IFS=' ' read -r kind path; do
    case $kind in
      dir) created_dirs+=("$path") ;;
      file | link) old_entries+=("$kind $path") ;;
    esac
  done <"$manifest"
}

# Remove the files and the link an install listed, then its folder app/.
remove_old_entries() {
  local entry kind path
  for entry in "${old_entries[@]}"; do
    kind=${entry%% *}
    path=${entry#* }
    case $kind in
      file) rm -f -- "$path" ;;
      link)
        # Only our own link: a later `pip install --user` may have put its own script there.
        if [[ -L $path && $(readlink -- "$path") == "$app_dir/$PROGRAM" ]]; then rm -f -- "$path"; fi
        ;;
    esac
  done
  rm -rf -- "$app_dir"
}

# Remove the folders an install created, innermost first, when nothing but the caches it
# had refreshed is left in them (anything else in them is someone else's: they stay).
remove_created_dirs() {
  local i dir cache
  for ((i = ${#created_dirs[@]} - 1; i >= 0; i--)); do
    dir=${created_dirs[i]}
    [[ -d $dir ]] || continue
    for cache in icon-theme.cache mimeinfo.cache; do
      if [[ -f $dir/$cache && $(find "$dir" -mindepth 1 -maxdepth 1 | wc -l) -eq 1 ]]; then
        rm -f -- "$dir/$cache"
      fi
    done
    rmdir -- "$dir" 2>/dev/null || true
  done
}

do_uninstall() {
  if [[ ! -f $manifest ]]; then
    echo "PostalGUI is not installed in $app_dir (no $MANIFEST_NAME there): nothing to remove."
    return 0
  fi
  read_manifest
  remove_old_entries
  refresh_caches
  remove_created_dirs
  echo "Removed PostalGUI from $app_dir, its menu entry, icons and the $launcher launcher."
  echo "Your settings and data were left where they are."
}

do_install() {
  local executable="$from/$PROGRAM" icons="$repo_root/resources/icons" svg
  svg="$repo_root/packaging/icons/$PROGRAM.svg"
  [[ -d $from ]] || die "no built app in $from (the folder does not exist). Build it first:
  uv run --group packaging python packaging/build.py   (or pass --from DIR)"
  [[ -f $executable && -x $executable ]] || die "no built app in $from: $executable is missing. Build it first:
  uv run --group packaging python packaging/build.py   (or pass --from DIR)"
  compgen -G "$icons/$PROGRAM-*.png" >/dev/null || die "no icons in $icons (run packaging/icons/make_icons.py)"
  [[ -f $svg ]] || die "$svg is missing"
  if [[ -e $launcher || -L $launcher ]] &&
    ! [[ -L $launcher && $(readlink -- "$launcher") == "$app_dir/$PROGRAM" ]]; then
    die "$launcher exists and is not this installer's launcher (a pip install --user?); remove it first"
  fi

  local replacing=false
  if [[ -f $manifest ]]; then
    replacing=true
    echo "Replacing the PostalGUI installed in $app_dir"
  fi
  read_manifest
  # Copy the new build beside the old one first: a failed copy leaves the old install working.
  make_dir "$data_dir/$PROGRAM"
  local staging="$data_dir/$PROGRAM/.app-installing"
  rm -rf -- "$staging"
  trap 'rm -rf -- "$staging"' EXIT
  cp -a -- "$from/." "$staging/"
  if $replacing; then
    remove_old_entries
  else
    rm -rf -- "$app_dir"  # a folder left without a manifest (an interrupted install): ours by name
  fi
  mv -- "$staging" "$app_dir"
  trap - EXIT

  make_dir "$bin_dir"
  ln -sfn -- "$app_dir/$PROGRAM" "$launcher"
  installed+=("link $launcher")
  write_desktop_entry "$desktop_file"
  local png size
  for png in "$icons/$PROGRAM"-*.png; do
    size=${png##*-}
    size=${size%.png}
    put_file "$png" "$icon_theme/${size}x${size}/apps/$PROGRAM.png" 644
  done
  put_file "$svg" "$icon_theme/scalable/apps/$PROGRAM.svg" 644

  {
    printf '# Written by packaging/install-linux.sh: what --uninstall removes.\n'
    local entry
    if ((${#created_dirs[@]})); then
      # A folder listed twice (an install replacing another) is listed once.
      printf 'dir %s\n' "${created_dirs[@]}" | awk '!seen[$0]++'
    fi
    for entry in "${installed[@]}"; do printf '%s\n' "$entry"; done
  } >"$manifest"
  refresh_caches

  echo "Installed PostalGUI in $app_dir"
  echo "  command:    $launcher"
  echo "  menu entry: $desktop_file"
  echo "  icons:      $icon_theme/<size>/apps/$PROGRAM.png"
  case ":$PATH:" in
    *":$bin_dir:"*) ;;
    *) echo "note: $bin_dir is not on your PATH; the menu entry works regardless" ;;
  esac
}

if $uninstall; then do_uninstall; else do_install; fi
