# Spots (na edição ucraniana «Крапки», shared/seeds/001_*.txt): português.
spots-game-name = Spots
spots-game-description = Lança dados, faz truques e enterra dados no teu quintal para encher as tuas cartas de cão de pintas, sem falhar. Joga sozinho contra o Pes ou em corrida com outros jogadores.
spots-pes = Pes
# Um evento que outra linha do registo já conta.
spots-silent = { "" }

## Coisas na mesa

spots-dog-card = { $dog } ({ $spaces })
spots-die = o { $value }
spots-die-numbered = o { $value } (dado { $number })
spots-die-on-dog = o { $value } em { $dog }
spots-space = o espaço { $value } de { $dog }
spots-buried-die-yours = { $die } enterrado no seu quintal
spots-buried-die-of = { $die } enterrado no quintal de { $player }

## Cartas de cão

spots-dog-burt = Burt
spots-dog-bristles = Bristles
spots-dog-bongo = Bongo
spots-dog-eloise = Eloise
spots-dog-ursula = Ursula
spots-dog-mayor = Mayor
spots-dog-sundrop = Sundrop
spots-dog-jolene = Jolene
spots-dog-xerxes = Xerxes
spots-dog-louise = Louise
spots-dog-missy = Missy
spots-dog-lil-beth = Lil Beth
spots-dog-handsome = Handsome
spots-dog-frankie = Frankie
spots-dog-bitsy = Bitsy
spots-dog-gretchen = Gretchen
spots-dog-lief = Lief
spots-dog-goliath = Goliath
spots-dog-gumbo = Gumbo
spots-dog-pebble = Pebble
spots-dog-wilbur = Wilbur
spots-dog-cabbage = Cabbage
spots-dog-honcho = Honcho
spots-dog-wolfgang = Wolfgang
spots-dog-raya = Raya
spots-dog-rogue = Rogue
spots-dog-nutmeg = Nutmeg
spots-dog-rupert = Rupert
spots-dog-mirabelle = Mirabelle
spots-dog-momo = Momo
spots-dog-zipper = Zipper
spots-dog-doog = Doog

## Peças de truque

spots-tile-howl = Uivar
spots-tile-roll-over = Rebolar
spots-tile-walk = Passear
spots-tile-dig = Cavar
spots-tile-retrieve = Vem cá
spots-tile-trot = Trotar
spots-tile-track = Seguir o rasto
spots-tile-run = Correr
spots-tile-chase = Perseguir
spots-tile-bolt = Disparar
spots-tile-dogpile = Monte de cães
spots-tile-sprint = Em frente
spots-tile-fetch = Buscar
spots-tile-guard = Guardar
spots-tile-hunt = Caçar
spots-tile-scavenge = Vasculhar
spots-tile-search = Procurar
spots-tile-beg = Pedir
spots-tile-chew = Roer
spots-tile-gobble = Devorar
spots-tile-play-dead = Fingir de morto
spots-tile-stay = Quieto

## Opções (os nomes dos conjuntos de peças são os títulos dos seus valores)

spots-option-tile_set = Peças de truque
spots-option-tile_set-description = As seis peças de truque na mesa: Uivar, Rebolar e uma peça de cada cor.
spots-option-tile_set-beginner = Nova família (para começar)
spots-option-tile_set-new_family = Nova família
spots-option-tile_set-dog_park = Parque canino
spots-option-tile_set-obstacle_course = Pista de obstáculos
spots-option-tile_set-hunting_grounds = Terrenos de caça
spots-option-tile_set-kennel_club = Clube canino
spots-option-tile_set-puppy_pen = Cercado dos cachorros
spots-option-tile_set-random = Peças ao acaso
spots-option-tile_set-custom = Peças à sua escolha
spots-option-tile_set-free_walk = Passeio livre (todas as peças)
spots-option-custom_tiles = As suas peças
spots-option-custom_tiles-description = Para peças à sua escolha: uma amarela, uma roxa, uma azul e uma verde.
spots-option-custom_tiles-walk = { spots-tile-walk }
spots-option-custom_tiles-dig = { spots-tile-dig }
spots-option-custom_tiles-retrieve = { spots-tile-retrieve }
spots-option-custom_tiles-trot = { spots-tile-trot }
spots-option-custom_tiles-track = { spots-tile-track }
spots-option-custom_tiles-run = { spots-tile-run }
spots-option-custom_tiles-chase = { spots-tile-chase }
spots-option-custom_tiles-bolt = { spots-tile-bolt }
spots-option-custom_tiles-dogpile = { spots-tile-dogpile }
spots-option-custom_tiles-sprint = { spots-tile-sprint }
spots-option-custom_tiles-fetch = { spots-tile-fetch }
spots-option-custom_tiles-guard = { spots-tile-guard }
spots-option-custom_tiles-hunt = { spots-tile-hunt }
spots-option-custom_tiles-scavenge = { spots-tile-scavenge }
spots-option-custom_tiles-search = { spots-tile-search }
spots-option-custom_tiles-beg = { spots-tile-beg }
spots-option-custom_tiles-chew = { spots-tile-chew }
spots-option-custom_tiles-gobble = { spots-tile-gobble }
spots-option-custom_tiles-play_dead = { spots-tile-play-dead }
spots-option-custom_tiles-stay = { spots-tile-stay }
spots-option-pes_treats = Petiscos do Pes
spots-option-pes_treats-description = Jogo a solo: os petiscos com que o Pes começa. Quanto mais tiver, mais difícil é vencê-lo.

## Passos das peças, como se nomeia um passo saltado

spots-step-draw-dog = tirar um cão
spots-step-roll-one = lançar um dado
spots-step-roll-two = lançar dois dados
spots-step-roll-three = lançar três dados
spots-step-roll-yard = lançar os dados do quintal
spots-step-may-roll-one = lançar mais um dado
spots-step-dig = cavar
spots-step-retrieve = ir buscar um dado
spots-step-trot = mover um dado
spots-step-track = seguir o rasto
spots-step-run-on = continuar a correr
spots-step-chase = perseguir
spots-step-set-aside = pôr dados de parte
spots-step-bolt-roll = disparar
spots-step-dogpile = o monte de cães
spots-step-sprint = ir em frente
spots-step-fetch = buscar
spots-step-name-number = dizer um número
spots-step-guard-roll = guardar
spots-step-hunt = caçar
spots-step-scavenge = vasculhar
spots-step-search = procurar
spots-step-take-one = tirar um petisco
spots-step-beg-paws = pedir
spots-step-chew-double = roer
spots-step-take-seven = devorar
spots-step-gobble-return = devolver petiscos
spots-step-play-dead-treats = fingir de morto
spots-step-stay = ficar quieto
spots-reason-no-dice = a reserva não tem dados
spots-reason-pack-full = a matilha já tem 6 cães
spots-reason-empty-yard = o quintal está vazio
spots-reason-no-paws = não há patas para cavar
spots-reason-no-buried-dice = nenhum quintal tem dados
spots-reason-no-move = nenhum dado se pode mover

## Eventos

spots-game-started = Começa um jogo de Spots para { $count } jogadores. Peças: { $tiles }.
spots-game-started-solo = Começa um jogo de Spots a solo contra o { $pes }. Peças: { $tiles }.
spots-random-set-drawn = Peças ao acaso: { $tiles }.
spots-stacks-shuffled = As pilhas do passeio livre são baralhadas; no topo: { $tiles }.
spots-tricks-laid-out = Truques: { $tiles }.
spots-deck-shuffled = As { $count } cartas de cão são baralhadas.
spots-dog-dealt = { $player } recebe { $dog }.
spots-treats-gained-setup = { $player } tira { $count ->
        [one] um petisco
       *[other] { $count } petiscos
    } para começar.
spots-treats-gained = { $player } tira { $count ->
        [one] um petisco
       *[other] { $count } petiscos
    } por { $tile }.
spots-start-die-buried = { $player } enterra um { $value } para começar.
spots-start-tie-rerolled = { $player } volta a lançar para desempatar: { $value }.
spots-first-player = { $player } começa.
spots-pes-treats-gained = O { $pes } tira { $count ->
        [one] um petisco
       *[other] { $count } petiscos
    }.
spots-turn-started = Vez de { $player }.
spots-all-busted = Não há dados na reserva: todos falham.
spots-treat-placed-on-tile = Um petisco vai para { $tile }, o último truque virado para cima.
spots-tiles-refreshed = Renovação: { $tiles } { $count ->
        [one] fica virada
       *[other] ficam viradas
    } para cima.
spots-trick-chosen = { $player } faz { $tile }.
spots-treats-taken-from-tile = { $player } tira { $count ->
        [one] o petisco
       *[other] os { $count } petiscos
    } de { $tile }.
spots-tile-flipped-up = { $player } vira { $tile } para cima.
spots-tile-flipped-down = { $player } vira { $tile } para baixo.
spots-offered-may-roll-one = { $player } pode lançar mais um dado.
spots-offered-run-on = { $player } pode continuar a correr (lançar mais um dado).
spots-offered-chase = { $player } pode voltar a perseguir.
spots-offered-dogpile = { $player } pode fazer outro monte de cães.
spots-offered-sprint = { $player } pode voltar a ir em frente.
spots-offered-bolt-roll = { $player } pode lançar um dado posto de parte.
spots-offered-dig = { $player } pode cavar, mudando dados enterrados { $count ->
        [one] uma vez
       *[other] até { $count } vezes
    }.
spots-offered-trot = { $player } pode mover um dado para outro espaço dos seus cães.
spots-declined-may-roll-one = Não se lança mais nenhum dado.
spots-declined-run-on = A corrida para.
spots-declined-chase = A perseguição para.
spots-declined-dogpile = O monte de cães para.
spots-declined-sprint = A arrancada para.
spots-declined-bolt-roll = O disparo para.
spots-declined-dig = Acaba a escavação.
spots-declined-trot = Nenhum dado se move.
spots-step-skipped = Passo saltado: { $step } ({ $reason }).
spots-dog-drawn = { $player } tira { $dog }.
spots-rolled-supply = { $player } lança: { $values }.
spots-rolled-yard = { $player } lança os dados do quintal: { $values }.
spots-rolled-set-aside = { $player } lança um dado posto de parte: { $values }.
spots-rolled-dogpile = { $player } lança o monte de cães: { $values }.
spots-treat-spent = { $player } gasta um petisco para voltar a lançar.
spots-rerolled = O novo lançamento dá { $values }.
spots-number-chosen = { $player } diz { $number }.
spots-die-set = { $player } põe um dado no { $value }.
spots-dice-kept = { $player } fica com { $count ->
        [one] um dado
       *[other] { $count } dados
    }.
spots-discarded-fetch = { $count ->
        [one] Um dado que não mostra esse número volta
       *[other] { $count } dados que não mostram esse número voltam
    } à reserva.
spots-discarded-guard = { $count ->
        [one] Um dado acima desse número volta
       *[other] { $count } dados acima desse número voltam
    } à reserva.
spots-discarded-hunt = { $count ->
        [one] O outro dado volta
       *[other] Os outros { $count } dados voltam
    } à reserva.
spots-discarded-search = { spots-discarded-hunt }
spots-discarded-no-eight = Nenhum conjunto de dados soma 8: { $count ->
        [one] o dado volta
       *[other] os { $count } dados voltam
    } à reserva.
spots-discarded-scavenge = { $count ->
        [one] Um dado abaixo do total do quintal volta
       *[other] { $count } dados abaixo do total do quintal voltam
    } à reserva.
spots-die-placed = { $player } põe um { $value } em { $dog }.
spots-die-buried = { $player } enterra um { $value } (total do quintal: { $total }).
spots-busted = { $player } falha: { $count ->
        [one] um dado volta
       *[other] { $count } dados voltam
    } à reserva.
spots-completed-fast = { $player } encheu todos os cães abertos e completa de uma vez { $dogs }.
spots-completed-slow = { $player } completa { $dogs } em vez de fazer um truque.
spots-treats-returned = { $player } devolve { $count ->
        [one] um petisco
       *[other] { $count } petiscos
    }.
spots-buried-die-adjusted = O { $old } enterrado no quintal de { $player } passa a { $new }.
spots-buried-die-dug-out = O 1 enterrado no quintal de { $player } é desenterrado.
spots-die-moved = { $player } move um { $old } para { $dog }, onde passa a { $value }.
spots-dice-set-aside = { $player } põe { $count ->
        [one] um dado
       *[other] { $count } dados
    } de parte para os lançar um a um.
spots-dice-returned = { $player } para: { $count ->
        [one] o dado posto de parte volta
       *[other] os { $count } dados postos de parte voltam
    } à reserva.
spots-die-taken-yard = { $player } tira um dado do seu quintal.
spots-die-taken-dog = { $player } tira um dado de um cão.
spots-turn-ended = Acaba a vez de { $player }.
spots-pes-turn = Vez do { $pes }.
spots-pes-rolled = O { $pes } lança um { $value }.
spots-pes-took-treats = O { $pes } tira { $count ->
        [one] o petisco
       *[other] os { $count } petiscos
    } de { $tile }.
spots-pes-treats-spent = O { $pes } devolve { $count } petiscos por uma carta de cão.
spots-pes-completed-die = O { $pes } completa { $dog } (o seu dado caiu num truque virado para baixo).
spots-pes-completed-treats = O { $pes } completa { $dog }.
spots-game-ended = { $count ->
        [one] Vence { $winners }
       *[other] Vencem { $winners }
    }, com { $dogs ->
        [one] um cão completo
       *[other] { $dogs } cães completos
    }.

## Jogadas

spots-do-trick = Fazer { $tile }
spots-do-trick-with-treats = Fazer { $tile } e tirar { $count ->
        [one] o petisco
       *[other] { $count } petiscos
    }
spots-complete-dogs = Completar { $dogs }
spots-reroll-all = Gastar um petisco para voltar a lançar { $count ->
        [one] o dado
       *[other] os { $count } dados
    }
spots-reroll-some = Gastar um petisco para voltar a lançar { $dice }
spots-keep-roll = Ficar com o lançamento
spots-keep-number = Ficar com os { $number }
spots-set-die-to = Pôr o dado no { $number }
spots-name-number = Dizer { $number }
spots-keep-dice = Ficar com { $dice }
spots-discard-nothing = Não descartar nada
spots-discard-dice = Descartar { $dice }
spots-place-die = Pôr { $die } em { $dog }
spots-bury-die = Enterrar { $die }
spots-do-may-roll-one = Lançar mais um dado
spots-do-run-on = Continuar a correr (lançar mais um dado)
spots-do-chase = Perseguir outra vez
spots-do-dogpile = Outro monte de cães
spots-do-sprint = Em frente outra vez
spots-do-bolt-roll = Lançar um dado posto de parte
spots-skip-may-roll-one = Não lançar mais nenhum dado
spots-skip-run-on = Parar de correr
spots-skip-chase = Parar a perseguição
spots-skip-dogpile = Parar o monte de cães
spots-skip-sprint = Parar de ir em frente
spots-skip-bolt-roll = Parar e devolver os dados postos de parte
spots-stop-digging = Parar de cavar
spots-move-no-die = Não mover nenhum dado
spots-move-die = Mover { $die } para { $space }
spots-dig-out = Desenterrar { $die }
spots-dig-raise = Subir { $die } para { $value }
spots-dig-lower = Baixar { $die } para { $value }
spots-set-aside = Pôr { $count ->
        [one] um dado
       *[other] { $count } dados
    } de parte
spots-take-die-yard = Tirar { $die } do seu quintal
spots-take-die-dog = Tirar { $die }

## Escolhas

spots-choose-action = Fazer um truque ou completar os seus cães?
spots-a-trick = Fazer um truque
spots-choose-trick = Que truque faz?
spots-choose-reroll = Fica com o lançamento ou gasta um petisco para voltar a lançar?
spots-choose-offer = Continua?
spots-choose-fetch = Com que número fica?
spots-choose-hunt = Com que dois dados fica?
spots-choose-search = Com que dados fica? Têm de somar 8.
spots-choose-scavenge = Que dados abaixo do total do seu quintal descarta?
spots-choose-die = Que dado põe ou enterra?
spots-choose-where = Para onde vai { $die }?
spots-pick = { $die }
spots-on-dog = Em { $dog }
spots-in-your-yard = Enterrá-lo no seu quintal
spots-choose-dig = Mudar um dado enterrado?
spots-change-a-buried-die = Mudar um dado enterrado
spots-choose-buried-die = Que dado enterrado?
spots-choose-dig-how = Subir ou baixar?
spots-choose-trot = Mover um dado para outro espaço?
spots-move-a-die = Mover um dado
spots-choose-die-to-move = Que dado move?
spots-choose-space = Para que espaço vazio?
spots-choose-take = Que dado junta ao monte de cães?
spots-choose-set-die = Em que número da carta do topo do baralho põe o dado?
spots-choose-guard = Que número diz? Os dados acima dele são descartados.
spots-choose-set-aside = Quantos dados põe de parte?
