# news_to_metainfo.cmake - writes the metainfo's <releases> from NEWS.
#
#   cmake -DNEWS=<NEWS> -DMETAINFO=<metainfo.xml> -DOUTPUT=<metainfo.xml>
#         [-DVERSION=<X.Y.Z>] -P news_to_metainfo.cmake
#
# NEWS is the one place where a release's notes are written (its head says
# the format); the committed metainfo holds an empty <releases/> where this
# script puts one <release> a version, newest first, each with its date and
# a <description>: the version's paragraph as a <p>, its changes as a <ul>.
# So a software centre shows what NEWS says, and the two cannot drift apart.
# A NEWS that does not follow its format stops the build with the line at
# fault; with VERSION, so does a newest version other than the project's.
cmake_minimum_required(VERSION 3.25)
foreach(var NEWS METAINFO OUTPUT)
  if(NOT ${var})
    message(FATAL_ERROR "news_to_metainfo.cmake needs -D${var}=...")
  endif()
endforeach()

file(READ ${NEWS} news)
# CMake lists split on ';' and treat brackets specially: keep those
# characters out of the way while the file is cut into lines.
string(REPLACE ";" "@RB_SEMICOLON@" news "${news}")
string(REPLACE "[" "@RB_OPEN@" news "${news}")
string(REPLACE "]" "@RB_CLOSE@" news "${news}")
string(REPLACE "\n" ";" lines "${news}")

# Text for XML: the three characters markup would misread, and the two
# kept out of the lists above put back.
function(rb_xml_text out text)
  string(REPLACE "&" "&amp;" text "${text}")
  string(REPLACE "<" "&lt;" text "${text}")
  string(REPLACE ">" "&gt;" text "${text}")
  string(REPLACE "@RB_SEMICOLON@" ";" text "${text}")
  string(REPLACE "@RB_OPEN@" "[" text "${text}")
  string(REPLACE "@RB_CLOSE@" "]" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(releases "")      # the XML written so far
set(version "")       # the version being read, empty before the first
set(newest "")
set(last_date "")
set(part "")          # para or item: what a continuation line goes on
set(para "")
set(item "")
set(items "")
set(line_no 0)

# Ends the item being read, adding it to the version's list.
macro(rb_end_item)
  if(NOT item STREQUAL "")
    rb_xml_text(text "${item}")
    string(APPEND items "          <li>${text}</li>\n")
    set(item "")
  endif()
endmacro()

# Ends the version being read, adding its <release>.
macro(rb_end_version)
  rb_end_item()
  if(NOT version STREQUAL "")
    if(items STREQUAL "")
      message(FATAL_ERROR "${NEWS}: version ${version} lists no change")
    endif()
    string(APPEND releases "    <release version=\"${version}\" date=\"${date}\">\n      <description>\n")
    if(NOT para STREQUAL "")
      rb_xml_text(text "${para}")
      string(APPEND releases "        <p>${text}</p>\n")
    endif()
    string(APPEND releases "        <ul>\n${items}        </ul>\n      </description>\n    </release>\n")
  endif()
  set(para "")
  set(items "")
  set(part "")
endmacro()

foreach(line IN LISTS lines)
  math(EXPR line_no "${line_no} + 1")
  string(REGEX REPLACE "[ \t\r]+$" "" line "${line}")
  if(line MATCHES "^Version ")
    rb_end_version()
    if(NOT line MATCHES "^Version ([0-9]+\\.[0-9]+\\.[0-9]+) \\(([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9])\\)$")
      message(FATAL_ERROR "${NEWS}:${line_no}: a version line is \"Version X.Y.Z (YYYY-MM-DD)\", not \"${line}\"")
    endif()
    set(version ${CMAKE_MATCH_1})
    set(date ${CMAKE_MATCH_2})
    if(newest STREQUAL "")
      set(newest ${version})
    elseif(NOT version VERSION_LESS previous)
      message(FATAL_ERROR "${NEWS}:${line_no}: version ${version} comes after ${previous}: newest first")
    endif()
    if(NOT last_date STREQUAL "" AND date STRGREATER last_date)
      message(FATAL_ERROR "${NEWS}:${line_no}: ${date} is later than the version above it (${last_date})")
    endif()
    set(previous ${version})
    set(last_date ${date})
  elseif(version STREQUAL "")
    # The introduction.
  elseif(line STREQUAL "")
    set(part "")
  elseif(line MATCHES "^- (.+)$")
    rb_end_item()
    set(item "${CMAKE_MATCH_1}")
    set(part item)
  elseif(line MATCHES "^  +(.+)$" AND part STREQUAL "item")
    string(APPEND item " ${CMAKE_MATCH_1}")
  elseif(line MATCHES "^[^ -]" AND items STREQUAL "" AND item STREQUAL "")
    if(part STREQUAL "para")
      string(APPEND para " ${line}")
    elseif(para STREQUAL "")
      set(para "${line}")
      set(part para)
    else()
      message(FATAL_ERROR "${NEWS}:${line_no}: version ${version} has one paragraph before its changes, not two")
    endif()
  else()
    message(FATAL_ERROR "${NEWS}:${line_no}: not a change (\"- \"), its continuation (two spaces) or the paragraph before the changes: \"${line}\"")
  endif()
endforeach()
rb_end_version()

if(newest STREQUAL "")
  message(FATAL_ERROR "${NEWS} names no version")
endif()
if(VERSION AND NOT newest STREQUAL VERSION)
  message(FATAL_ERROR "${NEWS}: the newest version is ${newest}, the project is ${VERSION}: add its entry on top")
endif()

file(READ ${METAINFO} metainfo)
string(FIND "${metainfo}" "<releases/>" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${METAINFO} has no <releases/> for the releases of NEWS")
endif()
string(REPLACE "<releases/>" "<releases>\n${releases}  </releases>" metainfo "${metainfo}")
# Written only when it changes, so what is built from it is not remade.
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} before)
  if(before STREQUAL metainfo)
    return()
  endif()
endif()
file(WRITE ${OUTPUT} "${metainfo}")
