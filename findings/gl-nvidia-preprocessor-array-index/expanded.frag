#version 450

layout(location = 0)out uvec4 _color;



    uint out_0_f0 = 0u;







uvec2 out_0_f1[2]= uvec2[2](uvec2(0u), uvec2(0u));

int out_1_f0 = 0;






    void fragment_body(){

    bool var_0 = false;





    switch(0){

#line 35
 case 0 :

            break;


    }




    switch(0){




        case 1 :




        default :

        case 2 :
        case 3 :
            break;



    }

}





    void main(){




    _color = uvec4(1u);


                    _color = uvec4(((0u)^(0u)),((0u)^(out_0_f1[(79 - 79)]. x)), 0u, 0u);
}

