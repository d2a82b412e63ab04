# packaging.cmake — what `cmake --install` ships besides the libraries and headers: the aeskit
# tool, its man page (docs/aeskit.1.md through scripts/gen-manpage.sh, when pandoc is
# installed), aeskit.pc for pkg-config and the CMake package files. Included from the
# top-level CMakeLists.txt after the install rules of the targets. These rules are the one
# description of the installed layout: debian/ (dpkg-buildpackage) installs through them, with
# GNUInstallDirs' directories (multiarch libdir under dh), and only splits the result into
# packages.

# The tool, statically linked with aeskit (it uses internals the shared library hides).
if(TARGET aeskit_cli)
  install(TARGETS aeskit_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# The man page. Without pandoc it is left out of the install (and said so); the aeskit .deb
# needs it (debian/control build-depends on pandoc; scripts/check-package.sh checks it).
find_program(AESKIT_PANDOC pandoc)
if(AESKIT_PANDOC AND TARGET aeskit_cli)
  set(aeskit_man ${CMAKE_CURRENT_BINARY_DIR}/man/aeskit.1)
  add_custom_command(OUTPUT ${aeskit_man}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scripts/gen-manpage.sh
            ${CMAKE_CURRENT_SOURCE_DIR}/docs/aeskit.1.md ${aeskit_man} ${PROJECT_VERSION}
    COMMAND gzip -9nf ${aeskit_man}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/docs/aeskit.1.md ${CMAKE_CURRENT_SOURCE_DIR}/scripts/gen-manpage.sh
    COMMENT "Generating the aeskit(1) man page from docs/aeskit.1.md" VERBATIM)
  add_custom_target(aeskit_man ALL DEPENDS ${aeskit_man}.gz)
  install(FILES ${aeskit_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
elseif(TARGET aeskit_cli)
  message(STATUS "pandoc not found: the aeskit(1) man page is not built or installed")
endif()

# aeskit.pc: written at install time, so `prefix` is the prefix actually installed to
# (`cmake --install --prefix P`, or /usr in the Debian packages), not the one configured.
foreach(d LIB INCLUDE)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}DIR}")
    set(aeskit_pc_${d} "${CMAKE_INSTALL_${d}DIR}")
  else()
    set(aeskit_pc_${d} "\${prefix}/${CMAKE_INSTALL_${d}DIR}")
  endif()
endforeach()
# Libs.private: the C++ runtime (AESKIT_CXX_RUNTIME_LIBS, as aeskit::aeskit names it for C
# links) and the threads library, after -laeskit in `pkg-config --static --libs`.
list(TRANSFORM AESKIT_CXX_RUNTIME_LIBS PREPEND -l OUTPUT_VARIABLE aeskit_pc_private)
list(APPEND aeskit_pc_private -pthread)
list(JOIN aeskit_pc_private " " aeskit_pc_private)
install(CODE "
  set(AESKIT_PC_LIBS_PRIVATE [=[${aeskit_pc_private}]=])
  set(AESKIT_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(AESKIT_PC_LIBDIR [=[${aeskit_pc_LIB}]=])
  set(AESKIT_PC_INCLUDEDIR [=[${aeskit_pc_INCLUDE}]=])
  set(PROJECT_VERSION ${PROJECT_VERSION})
  configure_file(\"${CMAKE_CURRENT_SOURCE_DIR}/cmake/aeskit.pc.in\" \"${CMAKE_CURRENT_BINARY_DIR}/aeskit.pc\" @ONLY)")
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/aeskit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The CMake package: aeskitConfig.cmake (finds Threads, includes the exported targets) and
# the version file. While the version is 0.x a minor release may break the API and ABI, so a
# request for 0.1 accepts 0.1.z only; from 1.0 on, the same major version.
include(CMakePackageConfigHelpers)
set(aeskit_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/aeskit)
install(EXPORT aeskitTargets NAMESPACE aeskit:: FILE aeskitTargets.cmake DESTINATION ${aeskit_cmake_dir})
configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/cmake/aeskitConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/aeskitConfig.cmake INSTALL_DESTINATION ${aeskit_cmake_dir})
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(aeskit_compat SameMinorVersion)
else()
  set(aeskit_compat SameMajorVersion)
endif()
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/aeskitConfigVersion.cmake
  COMPATIBILITY ${aeskit_compat})
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/aeskitConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/aeskitConfigVersion.cmake DESTINATION ${aeskit_cmake_dir})
